/**
 * The contract between the host and the remotes: which modules each remote exposes and
 * what they export. The host only ever reaches a remote through these names.
 */
import type { ComponentType } from 'react';

export const REMOTES = {
  catalog: { defaultOrigin: 'http://localhost:3001' },
  cart: { defaultOrigin: 'http://localhost:3002' },
  account: { defaultOrigin: 'http://localhost:3003' },
} as const;

export type RemoteName = keyof typeof REMOTES;

/** `catalog/pages`: the catalogue's routes. */
export interface CatalogPagesModule {
  ProductListPage: ComponentType;
  ProductDetailPage: ComponentType;
  /** `/product/:id`: the legacy search link shape. */
  LegacyProductRedirect: ComponentType;
}

/** `catalog/NewThisSeason`: the home page's two product cards. */
export interface NewThisSeasonModule {
  default: ComponentType;
}

/** `catalog/SearchResults`: results for the host's search panel. */
export interface SearchResultsProps {
  query: string;
  /** Called after the shopper picks a result (the panel closes). */
  onNavigate: () => void;
  /** Id of the results listbox, so the host's search input can point aria-controls at it. */
  listboxId: string;
}
export interface SearchResultsModule {
  default: ComponentType<SearchResultsProps>;
}

/** `cart/pages` */
export interface CartPagesModule {
  CartPage: ComponentType;
  CheckoutPage: ComponentType;
}

/** `account/pages` */
export interface AccountPagesModule {
  ProfilePage: ComponentType;
}
