import { Navigate, useParams } from 'react-router-dom';
import { hrefs } from '@maison/shared';
import { findProductByVariantId } from '../catalog/products';
import { ProductNotFound } from '../product-detail/ProductNotFound';

/** `/product/{id}` (the original search links) → that variant's product page, variant preselected. */
export function LegacyProductRedirect() {
  const { id = '' } = useParams();
  const match = findProductByVariantId(id);
  if (!match) return <ProductNotFound slug={id} />;
  return <Navigate to={hrefs.product(match.product.slug, { variant: match.variant.id })} replace />;
}
