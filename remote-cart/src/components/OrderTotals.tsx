import { formatMoney, useLanguage, useTranslator, type CartTotals, type FreeShippingHint } from '@maison/shared';
import { cartMessages } from '../messages';
import styles from './OrderTotals.module.css';

/** Subtotal, shipping, tax and total, with the free-shipping hint; used by the cart and checkout summaries. */
export function OrderTotals({ totals, hint }: { totals: CartTotals; hint: FreeShippingHint }) {
  const t = useTranslator(cartMessages);
  const { language } = useLanguage();
  const money = (amount: number) => formatMoney(amount, language);
  return (
    <>
      <dl className={styles.totals}>
        <div className={styles.row}>
          <dt>{t('subtotal')}</dt>
          <dd data-testid="summary-subtotal">{money(totals.subtotal)}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('shipping')}</dt>
          <dd data-testid="summary-shipping">{totals.shipping === 0 ? t('shippingFree') : money(totals.shipping)}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('estimatedTax')}</dt>
          <dd data-testid="summary-tax">{money(totals.tax)}</dd>
        </div>
        <div className={`${styles.row} ${styles.total}`}>
          <dt>{t('total')}</dt>
          <dd data-testid="summary-total">{money(totals.total)}</dd>
        </div>
      </dl>
      {hint.kind === 'addMore' && <p className={styles.hint}>{t('addMoreForFreeShipping', { amount: money(hint.amount) })}</p>}
      {hint.kind === 'threshold' && <p className={styles.hint}>{t('freeShippingThreshold', { threshold: money(hint.threshold) })}</p>}
    </>
  );
}
