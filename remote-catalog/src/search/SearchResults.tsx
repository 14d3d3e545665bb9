import type { KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { hrefs, type SearchResultsProps, useLanguage, useTranslator } from '@maison/shared';
import { catalogMessages } from '../messages';
import { PRODUCT_GROUPS } from '../catalog/products';
import { searchProducts } from '../catalog/searchProducts';
import { useProductPrice } from '../components/ProductCard';
import styles from './SearchResults.module.css';

/** Arrow keys move between result links; Escape is handled by the host's dialog. */
function moveFocus(event: KeyboardEvent<HTMLAnchorElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const list = event.currentTarget.closest('ul');
  const links = [...(list?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
  const index = links.indexOf(event.currentTarget);
  if (index === -1) return;
  event.preventDefault();
  if (event.key === 'ArrowUp' && index === 0) {
    event.currentTarget.closest('dialog')?.querySelector<HTMLInputElement>('input')?.focus();
    return;
  }
  links[Math.min(links.length - 1, event.key === 'ArrowDown' ? index + 1 : index - 1)]?.focus();
}

export function SearchResults({ query, onNavigate, listboxId }: SearchResultsProps) {
  const t = useTranslator(catalogMessages);
  const { language } = useLanguage();
  const priceLabel = useProductPrice();
  const results = searchProducts(PRODUCT_GROUPS, query, language);
  const trimmed = query.trim();

  return (
    <div>
      <p className={styles.message} role="status">
        {trimmed === ''
          ? t('searchStart')
          : results.length === 0
            ? t('searchNoResults', { query: trimmed })
            : t('searchResultCount', { count: results.length })}
      </p>
      <ul id={listboxId} className={styles.results} aria-label={t('searchResults')}>
        {results.map((product) => (
          <li key={product.slug}>
            <Link to={hrefs.product(product.slug)} className={styles.result} onClick={onNavigate} onKeyDown={moveFocus}>
              <img src={product.primaryImage} alt="" width={56} height={56} />
              <span className={styles.name}>{product.name[language]}</span>
              <span className={styles.price}>{priceLabel(product)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
