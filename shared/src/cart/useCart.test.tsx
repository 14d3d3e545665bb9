/** @jest-environment jsdom */
import { act, screen, within } from '@testing-library/react';
import { renderHookWithProviders } from '@test/renderWithProviders';
import { useLanguage } from '../i18n/LanguageProvider';
import { addToCart } from './cartRules';
import { useCart } from './useCart';
import { PAGODA } from '@test/sampleItems';

const pagoda = PAGODA;

/** A confirmation in the toast region (a polite live region). */
const toast = (text: string) => within(screen.getByRole('status')).queryByText(text);

describe('useCart', () => {
  // The language choice is kept in localStorage.
  afterEach(() => localStorage.clear());

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

  it('confirms in the shopper’s language', () => {
    const { result } = renderHookWithProviders(() => ({ cart: useCart(), language: useLanguage() }));
    act(() => result.current.language.setLanguage('vi'));
    act(() => result.current.cart.addItem(pagoda));
    expect(toast('Đã thêm vào giỏ hàng')).toBeTruthy();
    act(() => result.current.cart.addItem(pagoda));
    expect(toast('Đã cập nhật số lượng trong giỏ')).toBeTruthy();
    act(() => result.current.cart.removeItem(result.current.cart.lines[0]!.key));
    expect(toast('Đã xóa khỏi giỏ hàng')).toBeTruthy();
  });

  it('reads a cart the store already holds, and says nothing about it', () => {
    const { result } = renderHookWithProviders(() => useCart(), { preloadedState: { cart: { lines: addToCart([], pagoda, 2).lines } } });
    expect(result.current.totals).toMatchObject({ itemCount: 2, subtotal: 16_000 });
    expect(screen.getByRole('status').textContent).toBe('');
  });
});
