import { Link } from 'react-router-dom';
import { hrefs, useCart, usePageTitle, useTranslator } from '@maison/shared';
import { cartMessages } from '../messages';
import { OrderTotals } from '../components/OrderTotals';
import { EmptyCart } from '../components/EmptyCart';
import { CartLineItem } from '../cart/CartLineItem';
import styles from '../cart/Cart.module.css';

export function CartPage() {
  const t = useTranslator(cartMessages);
  const { lines, totals, freeShippingHint } = useCart();

  usePageTitle(t('cartTitle'));

  if (lines.length === 0) return <EmptyCart />;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('cartTitle')}</h1>
      <div className={styles.layout}>
        <ul className={styles.lines}>
          {lines.map((line) => (
            <CartLineItem key={line.key} line={line} />
          ))}
        </ul>
        <section className={styles.summary} aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title" className={styles.summaryTitle}>
            {t('orderSummary')}
          </h2>
          <OrderTotals totals={totals} hint={freeShippingHint} />
          <Link to={hrefs.checkout()} className={styles.primaryLink}>
            {t('proceedToCheckout')}
          </Link>
          <Link to={hrefs.products()} className={styles.secondaryLink}>
            {t('continueShopping')}
          </Link>
        </section>
      </div>
    </div>
  );
}
