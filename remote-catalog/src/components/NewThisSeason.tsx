import { PRODUCT_GROUPS } from '../catalog/products';
import { ProductCard } from './ProductCard';
import styles from './NewThisSeason.module.css';

/** The home page's two featured groups (the host provides the heading). */
export const NEW_THIS_SEASON_SLUGS = ['hoi-an-handkerchief', 'dragon-bridge-handkerchief'];

export function NewThisSeason() {
  const products = PRODUCT_GROUPS.filter((product) => NEW_THIS_SEASON_SLUGS.includes(product.slug));
  return (
    <ul className={styles.grid}>
      {products.map((product) => (
        <li key={product.slug}>
          <ProductCard product={product} headingLevel="h3" />
        </li>
      ))}
    </ul>
  );
}
