import { type CartLine, formatMoney, hrefs, MAX_LINE_QUANTITY, useCart, useLanguage, useTranslator } from '@maison/shared';
import { Link } from 'react-router-dom';
import { cartMessages } from '../messages';
import styles from './Cart.module.css';

/** Minus is disabled at 1: lowering never removes a line by surprise; Remove does that. */
export function CartLineItem({ line }: { line: CartLine }) {
  const t = useTranslator(cartMessages);
  const { language } = useLanguage();
  const { setQuantity, removeItem } = useCart();
  const name = line.name[language];
  return (
    <li className={styles.line}>
      <img className={styles.lineImage} src={line.image || undefined} alt={line.imageAlt[language]} width={96} height={96} />
      <div className={styles.lineInfo}>
        <h2 className={styles.lineName}>
          <Link to={hrefs.product(line.slug)}>{name}</Link>
        </h2>
        <dl className={styles.lineAttributes}>
          {line.size && (
            <div>
              <dt>{t('size')}</dt>
              <dd>{line.size}</dd>
            </div>
          )}
          {line.color && (
            <div>
              <dt>{t('color')}</dt>
              <dd>{line.color[language]}</dd>
            </div>
          )}
          {line.material && (
            <div>
              <dt>{t('material')}</dt>
              <dd>{line.material[language]}</dd>
            </div>
          )}
        </dl>
        <div className={styles.lineControls}>
          <div className={styles.stepper} role="group" aria-label={t('quantityOf', { name })}>
            <button
              type="button"
              className={styles.stepButton}
              aria-label={t('decrease', { name })}
              disabled={line.quantity <= 1}
              onClick={() => setQuantity(line.key, line.quantity - 1)}
            >
              −
            </button>
            <output className={styles.quantity} aria-live="polite" aria-label={t('quantity')}>
              {line.quantity}
            </output>
            <button
              type="button"
              className={styles.stepButton}
              aria-label={t('increase', { name })}
              disabled={line.quantity >= MAX_LINE_QUANTITY}
              onClick={() => setQuantity(line.key, line.quantity + 1)}
            >
              +
            </button>
          </div>
          <button type="button" className={styles.removeButton} aria-label={t('removeItem', { name })} onClick={() => removeItem(line.key)}>
            {t('remove')}
          </button>
        </div>
      </div>
      <p className={styles.linePrice} data-testid="line-price">
        {formatMoney(line.unitPrice * line.quantity, language)}
      </p>
    </li>
  );
}
