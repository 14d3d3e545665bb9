/** @jest-environment jsdom */
import { act, screen } from '@testing-library/react';
import type { RemoteModuleId } from '@maison/shared';
import { renderWithProviders } from '@test/renderWithProviders';
import { createRemoteModuleStore, type RemoteModuleStore } from './remoteModuleStore';
import { LoadingPlaceholder, RemoteArea, RemoteModulesProvider } from './RemoteArea';

function ProductList() {
  return <h1>Products</h1>;
}
function Cart() {
  return <h1>Your cart</h1>;
}

/** Modules resolve when the test says so; an id in `failing` rejects while it is listed there. */
function controllableStore(failing = new Set<RemoteModuleId>()) {
  const resolvers = new Map<RemoteModuleId, () => void>();
  const modules: Partial<Record<RemoteModuleId, unknown>> = {
    'catalog/ProductListPage': { default: ProductList },
    'cart/CartPage': { default: Cart },
  };
  const store = createRemoteModuleStore({
    load: (id) =>
      new Promise((resolve, reject) => {
        resolvers.set(id, () => (failing.has(id) ? reject(new Error(`${id} is down`)) : resolve(modules[id])));
      }),
  });
  const arrive = async (id: RemoteModuleId) => {
    await act(async () => {
      resolvers.get(id)?.();
      await Promise.resolve();
    });
  };
  return { store, arrive, modules };
}

type AreaId = 'catalog/ProductListPage' | 'cart/CartPage';

/** Deliberately not keyed by id: the area itself must never show another id's module. */
function Area({ id }: { id: AreaId }) {
  return <RemoteArea id={id} placeholder={<LoadingPlaceholder />} />;
}

function renderArea(store: RemoteModuleStore, id: AreaId) {
  return renderWithProviders(<Area id={id} />, {
    wrap: (children) => <RemoteModulesProvider value={store}>{children}</RemoteModulesProvider>,
  });
}

describe('RemoteArea', () => {
  it('shows the placeholder, then the module', async () => {
    const { store, arrive } = controllableStore();
    renderArea(store, 'catalog/ProductListPage');
    expect(screen.getByTestId('remote-loading').textContent).toBe('Loading…');
    await arrive('catalog/ProductListPage');
    expect(screen.getByRole('heading', { name: 'Products' })).toBeTruthy();
  });

  it('moving to another remote’s page never renders the previous module, and never crashes', async () => {
    const { store, arrive } = controllableStore();
    const view = renderArea(store, 'catalog/ProductListPage');
    await arrive('catalog/ProductListPage');
    view.rerender(<Area id="cart/CartPage" />);
    // The same component instance now stands for the cart page, which has not arrived.
    expect(screen.queryByRole('heading', { name: 'Products' })).toBeNull();
    expect(screen.getByTestId('remote-loading').textContent).toBe('Loading…');
    await arrive('cart/CartPage');
    expect(screen.getByRole('heading', { name: 'Your cart' })).toBeTruthy();
    // And back: the catalogue page is already loaded, so it shows at once.
    view.rerender(<Area id="catalog/ProductListPage" />);
    expect(screen.getByRole('heading', { name: 'Products' })).toBeTruthy();
  });

  it('shows the unavailable panel when a module cannot be loaded, and Retry loads it again in place', async () => {
    const failing = new Set<RemoteModuleId>(['cart/CartPage']);
    const { store, arrive } = controllableStore(failing);
    const { user } = renderArea(store, 'cart/CartPage');
    await arrive('cart/CartPage');
    expect(screen.getByRole('heading', { name: 'This section is temporarily unavailable' })).toBeTruthy();

    failing.delete('cart/CartPage');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByTestId('remote-loading')).toBeTruthy();
    await arrive('cart/CartPage');
    expect(screen.getByRole('heading', { name: 'Your cart' })).toBeTruthy();
  });

  it('keeps a remote page that throws while rendering inside its area, with the error and Retry', async () => {
    let broken = true;
    function FlakyCart() {
      if (broken) throw new Error('cart line without a price');
      return <h1>Your cart</h1>;
    }
    const { store, arrive, modules } = controllableStore();
    modules['cart/CartPage'] = { default: FlakyCart };
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderArea(store, 'cart/CartPage');
    await arrive('cart/CartPage');
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeTruthy();
    expect(screen.getByText('cart line without a price')).toBeTruthy();

    broken = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await arrive('cart/CartPage');
    expect(screen.getByRole('heading', { name: 'Your cart' })).toBeTruthy();
    quiet.mockRestore();
  });
});
