import { useMemo } from 'react';
import { useLanguage, usePageHead, useTranslator } from '@maison/shared';
import { catalogMessages } from '../messages';
import { PRODUCT_GROUPS } from '../catalog/products';
import { availabilityCounts, filterProducts, hasActiveFilters, sortProducts } from '../catalog/listQuery';
import { ProductCard } from '../components/ProductCard';
import { ListToolbar } from '../product-list/ListToolbar';
import { useListQuery } from '../product-list/useListQuery';
import styles from './ProductListPage.module.css';

export function ProductListPage() {
  const t = useTranslator(catalogMessages);
  usePageHead({ title: t('products'), description: t('descriptionProducts') });
  const { language } = useLanguage();
  const [query, update] = useListQuery();

  const products = useMemo(() => sortProducts(filterProducts(PRODUCT_GROUPS, query), query.sort, language), [query, language]);
  const counts = useMemo(() => availabilityCounts(PRODUCT_GROUPS, query), [query]);
  const clearFilters = () => update({ availability: [], minPrice: undefined, maxPrice: undefined });

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('products')}</h1>
      <ListToolbar query={query} update={update} counts={counts} resultCount={products.length} />
      {hasActiveFilters(query) && (
        <p className={styles.clearRow}>
          <button type="button" className={styles.clearButton} onClick={clearFilters}>
            {t('clearFilters')}
          </button>
        </p>
      )}
      {products.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('noResults')}</p>
          <button type="button" className={styles.clearButton} onClick={clearFilters}>
            {t('clearFilters')}
          </button>
        </div>
      ) : (
        <ul className={query.view === 'list' ? styles.list : styles.grid} data-view={query.view}>
          {products.map((product, index) => (
            <li key={product.slug}>
              <ProductCard product={product} layout={query.view} eagerImage={index < 4} firstPicture={index === 0} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
