import type { RemoteComponents } from '@maison/shared';
import { ProductDetailPage } from '../pages/ProductDetailPage';

export default ProductDetailPage satisfies RemoteComponents['catalog/ProductDetailPage'];
