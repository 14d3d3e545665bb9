// `catalog/pages`: the catalogue's route elements, as CatalogPagesModule in @maison/shared declares.
export { ProductListPage } from './ProductListPage';
export { ProductDetailPage } from './ProductDetailPage';
export { LegacyProductRedirect } from './LegacyProductRedirect';
