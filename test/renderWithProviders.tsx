/**
 * Component and hook tests render under what a page of the shop has above it: the one store
 * (createShopStore, in memory, from `preloadedState`), language, toasts, and a router at `route`.
 */
import type { ReactElement, ReactNode } from 'react';
import { render, renderHook, type RenderOptions } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
// Tests may use what the page does not share (react-router-dom's facade has no MemoryRouter).
import { MemoryRouter } from 'react-router';
import { createShopStore, ShopProviders } from '@maison/shared';

type ShopStore = ReturnType<typeof createShopStore>;

interface ProviderOptions {
  /** The URL the router starts at. */
  route?: string;
  /** The store's state to start from (each slice not given starts empty). */
  preloadedState?: Partial<ReturnType<ShopStore['getState']>>;
  store?: ShopStore;
  /** Extra providers inside the shop's (for example the host's remote module store). */
  wrap?: (children: ReactNode) => ReactNode;
}

function wrapperFor({ route = '/', store, wrap = (children) => children }: ProviderOptions & { store: ShopStore }) {
  return function Providers({ children }: { children: ReactNode }) {
    return (
      <ShopProviders store={store}>
        <MemoryRouter initialEntries={[route]}>{wrap(children)}</MemoryRouter>
      </ShopProviders>
    );
  };
}

export function renderWithProviders(
  ui: ReactElement,
  {
    route,
    preloadedState = {},
    store = createShopStore({ preloadedState }),
    wrap,
    ...options
  }: ProviderOptions & Omit<RenderOptions, 'wrapper'> = {},
) {
  return { store, user: userEvent.setup(), ...render(ui, { wrapper: wrapperFor({ route, store, wrap }), ...options }) };
}

export function renderHookWithProviders<Result>(
  hook: () => Result,
  { route, preloadedState = {}, store = createShopStore({ preloadedState }), wrap }: ProviderOptions = {},
) {
  return { store, ...renderHook(hook, { wrapper: wrapperFor({ route, store, wrap }) }) };
}
