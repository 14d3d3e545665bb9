/** @jest-environment jsdom */
import { act, screen, within } from '@testing-library/react';
import { renderHookWithProviders } from '@test/renderWithProviders';
import { useCart } from './CartProvider';
import { PAGODA } from '@test/sampleItems';

const pagoda = PAGODA;

/** A confirmation in the toast region (a polite live region). */
const toast = (text: string) => within(screen.getByRole('status')).queryByText(text);

describe('useCart', () => {
  it('adds a line, then merges the same item, confirming each in words', () => {
    const { result } = renderHookWithProviders(() => useCart());
    act(() => result.current.addItem(pagoda));
    expect(toast('Added to cart')).toBeTruthy();
    act(() => result.current.addItem(pagoda, 2));
    expect(toast('Updated cart quantity')).toBeTruthy();
    expect(result.current.lines).toHaveLength(1);
    expect(result.current.totals).toMatchObject({ itemCount: 3, subtotal: 24_000, shipping: 5_000, tax: 2_400, total: 31_400 });
    expect(result.current.freeShippingHint).toEqual({ kind: 'addMore', amount: 26_000 });
  });

  it('removes a line by quantity 0 or by remove, and says so', () => {
    const { result } = renderHookWithProviders(() => useCart());
    act(() => result.current.addItem(pagoda));
    const key = result.current.lines[0]!.key;
    act(() => result.current.setQuantity(key, 0));
    expect(result.current.lines).toEqual([]);
    expect(toast('Removed from cart')).toBeTruthy();
    act(() => result.current.addItem(pagoda));
    act(() => result.current.removeItem(result.current.lines[0]!.key));
    expect(result.current.lines).toEqual([]);
  });

  it('changes the shared store, so every other reader sees it', () => {
    const { result, store } = renderHookWithProviders(() => useCart());
    act(() => result.current.addItem(pagoda, 2));
    expect(store.getState().cart.lines[0]).toMatchObject({ variantId: '4', quantity: 2 });
  });
});
