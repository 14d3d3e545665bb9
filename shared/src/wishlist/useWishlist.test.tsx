/** @jest-environment jsdom */
import { act, screen, within } from '@testing-library/react';
import { renderHookWithProviders } from '@test/renderWithProviders';
import { useWishlist } from './useWishlist';
import type { WishlistItem } from '../types';

const hoiAn: WishlistItem = {
  slug: 'hoi-an-handkerchief',
  name: { en: 'Hoi An Handkerchief', vi: 'Khăn tay Hội An' },
  price: 15_000,
  hasPriceRange: true,
  image: '/images/hoi-an.svg',
  imageAlt: { en: 'Hoi An', vi: 'Hội An' },
};

/** The confirmations in the toast region (a polite live region). */
const toasts = () =>
  within(screen.getByRole('status'))
    .queryAllByRole('paragraph')
    .map((element) => element.textContent);

describe('useWishlist', () => {
  it('toggles a product in and out, confirming each', () => {
    const { result } = renderHookWithProviders(() => useWishlist());
    act(() => result.current.toggle(hoiAn));
    expect(result.current.isSaved(hoiAn.slug)).toBe(true);
    expect(toasts()).toContain('Added to wishlist');
    act(() => result.current.toggle(hoiAn));
    expect(result.current.isSaved(hoiAn.slug)).toBe(false);
    expect(toasts()).toContain('Removed from wishlist');
  });

  it('removes a saved product by slug', () => {
    const { result, store } = renderHookWithProviders(() => useWishlist());
    act(() => result.current.toggle(hoiAn));
    act(() => result.current.remove(hoiAn.slug));
    expect(result.current.items).toEqual([]);
    expect(store.getState().wishlist.items).toEqual([]);
  });
});
