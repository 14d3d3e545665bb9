import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { WishlistItem } from '../types';
import type { StoredValue } from '../storage';
import { isImageUrl, isLocalizedText, isMoney, isRecord, STORED_LIMITS } from '../storedFields';
import { imageOriginsConfigured, dropUntrustedImages } from '../store/imageOrigins';

export interface WishlistState {
  items: WishlistItem[];
}

const initialState: WishlistState = { items: [] };

/** Adds the product when absent, removes it when present; newest saves first. */
export function toggleWishlistItem(items: readonly WishlistItem[], item: WishlistItem): WishlistItem[] {
  return items.some((saved) => saved.slug === item.slug) ? items.filter((saved) => saved.slug !== item.slug) : [item, ...items];
}

export const wishlistSlice = createSlice({
  name: 'wishlist',
  initialState,
  reducers: {
    wishlistToggled(state, action: PayloadAction<WishlistItem>) {
      state.items = toggleWishlistItem(state.items, action.payload);
    },
    wishlistItemRemoved(state, action: PayloadAction<{ slug: string }>) {
      state.items = state.items.filter((item) => item.slug !== action.payload.slug);
    },
    wishlistReplaced(state, action: PayloadAction<WishlistItem[]>) {
      state.items = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(imageOriginsConfigured, (state, action) => {
      dropUntrustedImages(state.items, action.payload);
    });
  },
  selectors: {
    selectWishlistItems: (state) => state.items,
    selectIsInWishlist: (state, slug: string) => state.items.some((item) => item.slug === slug),
  },
});

export const { wishlistToggled, wishlistItemRemoved, wishlistReplaced } = wishlistSlice.actions;
export const { selectWishlistItems, selectIsInWishlist } = wishlistSlice.selectors;

function toWishlistItem(raw: unknown): WishlistItem | undefined {
  if (!isRecord(raw)) return undefined;
  const { slug, name, price, hasPriceRange, image, imageAlt } = raw;
  if (typeof slug !== 'string' || !/^[a-z0-9-]{1,120}$/.test(slug) || !isLocalizedText(name) || !isMoney(price)) return undefined;
  if ((image !== '' && !isImageUrl(image)) || !isLocalizedText(imageAlt)) return undefined;
  return { slug, name, price, hasPriceRange: hasPriceRange === true, image: image as string, imageAlt };
}

export const storedWishlist: StoredValue<WishlistItem[]> = {
  key: 'maison-khan:wishlist',
  version: 1,
  validate(raw) {
    if (!Array.isArray(raw)) return undefined;
    const items: WishlistItem[] = [];
    for (const entry of raw.slice(0, STORED_LIMITS.wishlistItems)) {
      const item = toWishlistItem(entry);
      if (item && !items.some((saved) => saved.slug === item.slug)) items.push(item);
    }
    return items;
  },
};
