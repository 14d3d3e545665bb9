import { useId } from 'react';
import { useTranslator } from '@maison/shared';
import { cartMessages } from '../messages';
import { PAYMENT_METHODS, type PaymentMethod } from './checkoutForm';
import styles from './Checkout.module.css';

export interface CardDetails {
  number: string;
  expiry: string;
  cvv: string;
}

interface PaymentFieldsProps {
  method: PaymentMethod;
  onMethodChange: (method: PaymentMethod) => void;
  card: CardDetails;
  onCardChange: (card: CardDetails) => void;
}

/** Card number, MM / YY and CVV show only for card payments; as in the original, they are not validated. */
export function PaymentFields({ method, onMethodChange, card, onCardChange }: PaymentFieldsProps) {
  const t = useTranslator(cartMessages);
  const id = useId();
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{t('payment')}</legend>
      <p className={styles.help}>{t('paymentHelp')}</p>
      <div className={styles.methods}>
        {PAYMENT_METHODS.map((option) => (
          <div key={option} className={styles.method}>
            <label className={styles.methodLabel}>
              <input
                type="radio"
                name="payment-method"
                value={option}
                checked={method === option}
                onChange={() => onMethodChange(option)}
              />
              <span>
                {t(option)}
                {option === 'wallet' && <span className={styles.methodDetail}> ({t('walletDetail')})</span>}
              </span>
            </label>
            {option === 'card' && method === 'card' && (
              <div className={styles.cardFields}>
                <div className={`${styles.field} ${styles.wide}`}>
                  <label htmlFor={`${id}-number`} className={styles.label}>
                    {t('cardNumber')}
                  </label>
                  <input
                    id={`${id}-number`}
                    className={styles.input}
                    inputMode="numeric"
                    autoComplete="cc-number"
                    value={card.number}
                    onChange={(e) => onCardChange({ ...card, number: e.target.value })}
                  />
                </div>
                <div className={styles.field}>
                  <label htmlFor={`${id}-expiry`} className={styles.label}>
                    {t('expiry')}
                  </label>
                  <input
                    id={`${id}-expiry`}
                    className={styles.input}
                    inputMode="numeric"
                    autoComplete="cc-exp"
                    placeholder="MM / YY"
                    value={card.expiry}
                    onChange={(e) => onCardChange({ ...card, expiry: e.target.value })}
                  />
                </div>
                <div className={styles.field}>
                  <label htmlFor={`${id}-cvv`} className={styles.label}>
                    {t('cvv')}
                  </label>
                  <input
                    id={`${id}-cvv`}
                    className={styles.input}
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    value={card.cvv}
                    onChange={(e) => onCardChange({ ...card, cvv: e.target.value })}
                  />
                </div>
              </div>
            )}
          </div>
        ))}
      </div>
    </fieldset>
  );
}
