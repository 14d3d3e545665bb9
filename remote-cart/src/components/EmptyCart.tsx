import { Link } from 'react-router-dom';
import { hrefs, useTranslator } from '@maison/shared';
import { cartMessages } from '../messages';
import styles from '../cart/Cart.module.css';

export function EmptyCart() {
  const t = useTranslator(cartMessages);
  return (
    <div className={styles.empty}>
      <h1 className={styles.title}>{t('cartEmpty')}</h1>
      <p>{t('cartEmptyHelp')}</p>
      <Link to={hrefs.products()} className={styles.primaryLink}>
        {t('continueShopping')}
      </Link>
    </div>
  );
}
