import { Link } from 'react-router-dom';
import { formatMoney, hrefs, useLanguage, useTranslator } from '@maison/shared';
import { catalogMessages } from '../messages';
import type { ProductGroup } from '../catalog/products';
import styles from './ProductCard.module.css';

export function useProductPrice() {
  const { language } = useLanguage();
  const t = useTranslator(catalogMessages);
  return (product: Pick<ProductGroup, 'basePriceNumeric' | 'hasPriceRange'>) => {
    const price = formatMoney(product.basePriceNumeric, language);
    return product.hasPriceRange ? t('fromPrice', { price }) : price;
  };
}

interface ProductCardProps {
  product: ProductGroup;
  layout?: 'grid' | 'list';
  /** Heading level inside the page's outline. */
  headingLevel?: 'h2' | 'h3';
  eagerImage?: boolean;
  /** The page's largest picture as it opens (the first card): fetched before the others. */
  firstPicture?: boolean;
}

export function ProductCard({
  product,
  layout = 'grid',
  headingLevel: Heading = 'h2',
  eagerImage = false,
  firstPicture = false,
}: ProductCardProps) {
  const { language } = useLanguage();
  const priceLabel = useProductPrice();
  return (
    <article className={`${styles.card} ${layout === 'list' ? styles.list : ''}`}>
      <Link to={hrefs.product(product.slug)} className={styles.link}>
        <img
          className={styles.image}
          src={product.primaryImage}
          alt={product.primaryImageAlt[language]}
          width={600}
          height={600}
          loading={eagerImage || firstPicture ? 'eager' : 'lazy'}
          fetchPriority={firstPicture ? 'high' : undefined}
          decoding="async"
        />
        <div className={styles.body}>
          <Heading className={styles.name}>{product.name[language]}</Heading>
          <p className={styles.price}>{priceLabel(product)}</p>
          {layout === 'list' && <p className={styles.description}>{product.description[language]}</p>}
        </div>
      </Link>
    </article>
  );
}
