import { formatMoney, useLanguage, useTranslator } from '@maison/shared';
import { catalogMessages } from '../messages';
import type { ProductVariant } from '../catalog/products';
import styles from './ProductDetail.module.css';

export function StylePicker({
  variants,
  selectedId,
  onSelect,
}: {
  variants: ProductVariant[];
  selectedId: string;
  onSelect: (id: string) => void;
}) {
  const t = useTranslator(catalogMessages);
  const { language } = useLanguage();
  return (
    <fieldset className={styles.stylePicker}>
      <legend className={styles.label}>{t('style')}</legend>
      <div className={styles.styleOptions}>
        {variants.map((variant) => (
          <button
            key={variant.id}
            type="button"
            className={styles.styleOption}
            aria-pressed={variant.id === selectedId}
            aria-label={t('styleOption', { style: variant.style[language], price: formatMoney(variant.price, language) })}
            onClick={() => onSelect(variant.id)}
          >
            <img src={variant.image} alt="" width={64} height={64} loading="lazy" />
            <span className={styles.styleName} aria-hidden="true">
              {variant.style[language]}
            </span>{' '}
            <span className={styles.stylePrice} aria-hidden="true">
              {formatMoney(variant.price, language)}
            </span>
          </button>
        ))}
      </div>
    </fieldset>
  );
}
