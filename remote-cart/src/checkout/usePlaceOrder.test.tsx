/** @jest-environment jsdom */
import { act, screen, within } from '@testing-library/react';
import { useCart } from '@maison/shared';
import { renderHookWithProviders } from '@test/renderWithProviders';
import { PAGODA } from '@test/sampleItems';
import { usePlaceOrder } from './usePlaceOrder';
import { EMPTY_CHECKOUT_INFO } from './checkoutForm';

const info = { ...EMPTY_CHECKOUT_INFO, contact: ' lan@example.com ', lastName: 'Nguyễn', address: '12 Hàng Gai', city: 'Hà Nội' };

function renderCheckout() {
  return renderHookWithProviders(() => ({ cart: useCart(), checkout: usePlaceOrder() }));
}

describe('usePlaceOrder', () => {
  beforeEach(() => localStorage.clear());

  it('places the order, empties the cart, keeps the details when asked, and confirms', () => {
    const { result, store } = renderCheckout();
    act(() => result.current.cart.addItem(PAGODA));
    let order: ReturnType<typeof result.current.checkout.place>;
    act(() => {
      order = result.current.checkout.place(info, true);
    });
    expect(order!).toMatchObject({ status: 'Processing', total: 13_800 });
    expect(store.getState().orders.placed[0]!.id).toBe(order!.id);
    expect(result.current.cart.lines).toEqual([]);
    expect(within(screen.getByRole('status')).getByText('Order placed successfully!')).toBeTruthy();
    expect(result.current.checkout.savedInfo?.contact).toBe('lan@example.com');
    expect(JSON.parse(localStorage.getItem('maison-khan:checkout-info')!).data.contact).toBe('lan@example.com');
  });

  it('forgets saved details when the shopper does not want them kept', () => {
    localStorage.setItem('maison-khan:checkout-info', JSON.stringify({ version: 1, data: info }));
    const { result } = renderCheckout();
    expect(result.current.checkout.savedInfo?.city).toBe('Hà Nội');
    act(() =>
      result.current.cart.addItem({
        variantId: '1',
        slug: 'x',
        unitPrice: 10_000,
        image: '',
        name: { en: 'A', vi: 'A' },
        imageAlt: { en: 'A', vi: 'A' },
      }),
    );
    act(() => void result.current.checkout.place(info, false));
    expect(localStorage.getItem('maison-khan:checkout-info')).toBeNull();
    expect(result.current.checkout.savedInfo).toBeUndefined();
  });

  it('places nothing for an empty cart', () => {
    const { result, store } = renderCheckout();
    act(() => expect(result.current.checkout.place(info, true)).toBeUndefined());
    expect(store.getState().orders.placed).toEqual([]);
  });
});
