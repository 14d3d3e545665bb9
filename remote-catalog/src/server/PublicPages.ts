import { hrefs, type RemotePublicPages } from '@maison/shared';
import { PRODUCT_GROUPS } from '../catalog/products';

/**
 * The catalogue's pages with a parameter, for the renderer and the sitemap: every product's page,
 * and where each legacy `/product/{id}` link now is. Exposed by the server build only
 * (webpack.config.ts), so the host renders every product page without knowing the catalogue,
 * and a catalogue deploy that adds a product adds its page.
 */
const publicPages: RemotePublicPages = {
  paths: PRODUCT_GROUPS.map(({ slug }) => hrefs.product(slug)),
  redirects: Object.fromEntries(
    PRODUCT_GROUPS.flatMap(({ slug, variants }) =>
      variants.map(({ id }) => [hrefs.legacyProduct(id), hrefs.product(slug, { variant: id })]),
    ),
  ),
};

export default publicPages;
