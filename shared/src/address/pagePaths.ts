/**
 * Every page's path, once, and how to link to each page. The host's route table takes its paths
 * from here, and every app links through `hrefs`, so no team writes another team's path by hand
 * (ESLint refuses a literal page path anywhere else: eslint.config.mjs).
 * The paths are the router's, within a language: its basename adds the language (`/vi/`).
 */

/** Each page's route path, in react-router's syntax (`:param` is one segment). */
export const PAGE_PATHS = {
  home: '/',
  products: '/products',
  product: '/products/:slug',
  /** The original shop's search links: answered with a redirect to the product page. */
  legacyProduct: '/product/:id',
  cart: '/cart',
  checkout: '/checkout',
  profile: '/profile',
  about: '/about',
  contact: '/contact',
} as const;

export type PageName = keyof typeof PAGE_PATHS;

/** The account page's tabs beyond the first (Profile, the page without a tab). */
export type ProfileTab = 'orders' | 'wishlist';

/** A route path with its parameters filled in, each one segment (encoded). */
function filled(path: string, parameters: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(parameters[name] ?? ''));
}

/** A path with a query of the parameters that are set. */
function withQuery(path: string, query: Record<string, string | undefined>): string {
  const set = Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined);
  return set.length === 0 ? path : `${path}?${new URLSearchParams(set).toString()}`;
}

/** The link to each page, within the language of the page it is on (the router adds the prefix). */
export const hrefs = {
  home: () => PAGE_PATHS.home,
  products: () => PAGE_PATHS.products,
  /** A product's page; `variant` preselects one of its styles. */
  product: (slug: string, { variant }: { variant?: string } = {}) => withQuery(filled(PAGE_PATHS.product, { slug }), { variant }),
  legacyProduct: (id: string) => filled(PAGE_PATHS.legacyProduct, { id }),
  cart: () => PAGE_PATHS.cart,
  checkout: () => PAGE_PATHS.checkout,
  profile: ({ tab }: { tab?: ProfileTab } = {}) => withQuery(PAGE_PATHS.profile, { tab }),
  about: () => PAGE_PATHS.about,
  contact: () => PAGE_PATHS.contact,
} as const satisfies Record<PageName, (...args: never[]) => string>;
