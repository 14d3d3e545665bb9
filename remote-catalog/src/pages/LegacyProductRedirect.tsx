import { Navigate, useParams } from 'react-router-dom';
import { findProductByVariantId } from '../catalog/products';
import { ProductNotFound } from '../product-detail/ProductNotFound';

/** `/product/{id}` (the original search links) → that variant's product page, variant preselected. */
export function LegacyProductRedirect() {
  const { id = '' } = useParams();
  const match = findProductByVariantId(id);
  if (!match) return <ProductNotFound slug={id} />;
  return <Navigate to={`/products/${match.product.slug}?variant=${encodeURIComponent(match.variant.id)}`} replace />;
}
