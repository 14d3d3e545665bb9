import { formatMoney, useCart, useLanguage, useTranslator } from '@maison/shared';
import { cartMessages } from '../messages';
import { OrderTotals } from '../components/OrderTotals';
import styles from './Checkout.module.css';

export function OrderSummary() {
  const t = useTranslator(cartMessages);
  const { language } = useLanguage();
  const { lines, totals, freeShippingHint } = useCart();
  return (
    <section className={styles.summary} aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title" className={styles.sectionTitle}>
        {t('orderSummary')}
      </h2>
      <ul className={styles.summaryLines}>
        {lines.map((line) => (
          <li key={line.key} className={styles.summaryLine}>
            <img src={line.image || undefined} alt={line.imageAlt[language]} width={56} height={56} />
            <span>
              {line.name[language]}
              <span className={styles.methodDetail}> · {t('quantityShort', { count: line.quantity })}</span>
            </span>
            <span>{formatMoney(line.unitPrice * line.quantity, language)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals totals={totals} hint={freeShippingHint} />
    </section>
  );
}
