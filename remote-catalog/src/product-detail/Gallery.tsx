import { useLanguage, useTranslator } from '@maison/shared';
import { catalogMessages } from '../messages';
import type { ProductGroup, ProductVariant } from '../catalog/products';
import styles from './ProductDetail.module.css';

/** The large image follows the selected variant; a thumbnail picks the variant it shows. */
export function Gallery({
  product,
  selected,
  onSelect,
}: {
  product: ProductGroup;
  selected: ProductVariant;
  onSelect: (id: string) => void;
}) {
  const t = useTranslator(catalogMessages);
  const { language } = useLanguage();
  const thumbnails = product.images.map((image) => product.variants.find((variant) => variant.image === image)!);
  return (
    <div className={styles.gallery}>
      <img
        className={styles.mainImage}
        src={selected.image}
        alt={selected.imageAlt[language]}
        width={600}
        height={600}
        fetchPriority="high"
      />
      {thumbnails.length > 1 && (
        <ul className={styles.thumbnails}>
          {thumbnails.map((variant, index) => (
            <li key={variant.id}>
              <button
                type="button"
                className={styles.thumbnail}
                aria-pressed={variant.image === selected.image}
                aria-label={t('showImage', { index: index + 1, total: thumbnails.length })}
                onClick={() => onSelect(variant.id)}
              >
                <img src={variant.image} alt="" width={96} height={96} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
