/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
// Tests may use what the page does not share (react-router-dom's facade has no MemoryRouter).
import { MemoryRouter } from 'react-router';
import { createShopStore, ShopProviders, type RemoteModuleId } from '@maison/shared';
import { createRemoteModuleStore, type RemoteModuleStore } from './remoteModuleStore';
import { LoadingPlaceholder, RemoteArea, RemoteModulesProvider } from './RemoteArea';

function ProductList() {
  return <h1>Products</h1>;
}
function Cart() {
  return <h1>Your cart</h1>;
}

/** Modules resolve when the test says so; `failing` ids reject. */
function controllableStore(failing: RemoteModuleId[] = []) {
  const resolvers = new Map<RemoteModuleId, () => void>();
  const modules: Partial<Record<RemoteModuleId, unknown>> = {
    'catalog/ProductListPage': { default: ProductList },
    'cart/CartPage': { default: Cart },
  };
  const store = createRemoteModuleStore({
    load: (id) =>
      new Promise((resolve, reject) => {
        resolvers.set(id, () => (failing.includes(id) ? reject(new Error(`${id} is down`)) : resolve(modules[id])));
      }),
  });
  const arrive = async (id: RemoteModuleId) => {
    await act(async () => {
      resolvers.get(id)?.();
      await Promise.resolve();
    });
  };
  return { store, arrive };
}

function Area({ store, id }: { store: RemoteModuleStore; id: 'catalog/ProductListPage' | 'cart/CartPage' }) {
  return (
    <ShopProviders store={createShopStore({ storage: undefined })}>
      <RemoteModulesProvider value={store}>
        <MemoryRouter>
          {/* Deliberately not keyed by id: the area itself must never show another id's module. */}
          <RemoteArea id={id} placeholder={<LoadingPlaceholder />} />
        </MemoryRouter>
      </RemoteModulesProvider>
    </ShopProviders>
  );
}

describe('RemoteArea', () => {
  it('shows the placeholder, then the module', async () => {
    const { store, arrive } = controllableStore();
    render(<Area store={store} id="catalog/ProductListPage" />);
    expect(screen.getByTestId('remote-loading').textContent).toBe('Loading…');
    await arrive('catalog/ProductListPage');
    expect(screen.getByRole('heading', { name: 'Products' })).toBeTruthy();
  });

  it('moving to another remote’s page never renders the previous module, and never crashes', async () => {
    const { store, arrive } = controllableStore();
    const view = render(<Area store={store} id="catalog/ProductListPage" />);
    await arrive('catalog/ProductListPage');
    view.rerender(<Area store={store} id="cart/CartPage" />);
    // The same component instance now stands for the cart page, which has not arrived.
    expect(screen.queryByRole('heading', { name: 'Products' })).toBeNull();
    expect(screen.getByTestId('remote-loading').textContent).toBe('Loading…');
    await arrive('cart/CartPage');
    expect(screen.getByRole('heading', { name: 'Your cart' })).toBeTruthy();
    // And back: the catalogue page is already loaded, so it shows at once.
    view.rerender(<Area store={store} id="catalog/ProductListPage" />);
    expect(screen.getByRole('heading', { name: 'Products' })).toBeTruthy();
  });

  it('shows the unavailable panel with Retry when a module cannot be loaded', async () => {
    const { store, arrive } = controllableStore(['cart/CartPage']);
    render(<Area store={store} id="cart/CartPage" />);
    await arrive('cart/CartPage');
    expect(screen.getByRole('heading', { name: 'This section is temporarily unavailable' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
