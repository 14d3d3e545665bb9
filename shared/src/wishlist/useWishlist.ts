import { useMemo } from 'react';
import type { WishlistItem } from '../types';
import { useShopDispatch, useShopSelector } from '../store/hooks';
import { useTranslator } from '../i18n/LanguageProvider';
import { defineMessages } from '../i18n/messages';
import { useToast } from '../toast/ToastProvider';
import { selectWishlistItems, wishlistItemRemoved, wishlistToggled } from './wishlistSlice';

const wishlistMessages = defineMessages(
  { added: 'Added to wishlist', removed: 'Removed from wishlist' },
  { added: 'Đã thêm vào danh sách yêu thích', removed: 'Đã xóa khỏi danh sách yêu thích' },
);

/** The wishlist and its changes, each with the shopper's confirmation. */
export function useWishlist() {
  const items = useShopSelector(selectWishlistItems);
  const dispatch = useShopDispatch();
  const { showToast } = useToast();
  const t = useTranslator(wishlistMessages);

  return useMemo(
    () => ({
      items,
      isSaved: (slug: string) => items.some((item) => item.slug === slug),
      /** Saves the product, or removes it when it is already saved. */
      toggle(item: WishlistItem) {
        const saved = items.some((entry) => entry.slug === item.slug);
        dispatch(wishlistToggled(item));
        showToast(t(saved ? 'removed' : 'added'), 'info');
      },
      remove(slug: string) {
        dispatch(wishlistItemRemoved({ slug }));
        showToast(t('removed'), 'info');
      },
    }),
    [dispatch, items, showToast, t],
  );
}
