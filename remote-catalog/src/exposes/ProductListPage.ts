import type { RemoteComponents } from '@maison/shared';
import { ProductListPage } from '../pages/ProductListPage';

export default ProductListPage satisfies RemoteComponents['catalog/ProductListPage'];
