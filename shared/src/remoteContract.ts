/**
 * The contract between the host and the remotes: which modules each remote exposes and
 * what they export. The host only ever reaches a remote through these ids; each remote's
 * `src/exposes/*.ts` files check their default export against this map with `satisfies`.
 */
import type { ComponentType } from 'react';

/**
 * The remotes, as named in apps.json and remotes.json: the first part of every module id
 * below (test/apps.test.ts checks the two lists agree).
 */
export type RemoteName = { [Id in RemoteModuleId]: Id extends `${infer Remote}/${string}` ? Remote : never }[RemoteModuleId];

/** `catalog/SearchResults`: results for the host's search panel. */
export interface SearchResultsProps {
  query: string;
  /** Called after the shopper picks a result (the panel closes). */
  onNavigate: () => void;
  /** Id of the results listbox, so the host's search input can point aria-controls at it. */
  listboxId: string;
}

/**
 * One expose per page or widget, so a route downloads only its own code. The key is the id
 * the host loads (`remote/expose`); the value is the component the module exports as default.
 */
export interface RemoteComponents {
  /** `/products` */
  'catalog/ProductListPage': ComponentType;
  /** `/products/:slug` */
  'catalog/ProductDetailPage': ComponentType;
  /** `/product/:id`: the legacy search link shape. */
  'catalog/LegacyProductRedirect': ComponentType;
  /** The home page's two product cards (the host provides the heading). */
  'catalog/NewThisSeason': ComponentType;
  'catalog/SearchResults': ComponentType<SearchResultsProps>;
  /** `/cart` */
  'cart/CartPage': ComponentType;
  /** `/checkout` */
  'cart/CheckoutPage': ComponentType;
  /** `/profile` */
  'account/ProfilePage': ComponentType;
}

export type RemoteModuleId = keyof RemoteComponents;

/** What loading a remote module id resolves to. */
export interface RemoteModule<Id extends RemoteModuleId> {
  default: RemoteComponents[Id];
}

/**
 * What a remote's server build may expose for the renderer only, beside its components: the id the
 * renderer loads and what the module exports as default. Any remote may have one; its manifest
 * names those its server build has (`metaData.serverModules`: `['PublicPages']`), and the
 * renderer loads only those.
 */
export type RemoteServerModules = { [Remote in RemoteName as `${Remote}/PublicPages`]: RemotePublicPages };

export type RemoteServerModuleId = keyof RemoteServerModules;

/**
 * A remote's pages with a parameter (`<remote>/PublicPages`): the renderer renders them and
 * lists them in the sitemap.
 */
export interface RemotePublicPages {
  /** Paths anyone may see (`/products/hoan-kiem-lake-handkerchief`). */
  paths: string[];
  /** Old paths and where they are now, answered with a real redirect where the server can. */
  redirects: Record<string, string>;
}
