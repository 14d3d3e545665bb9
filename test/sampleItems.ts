/** Catalogue items as the catalogue hands them to the cart, for tests of any app. */
import type { CartItemInput } from '@maison/shared';

/** One Pillar Pagoda: one style at 8,000đ (one line: 8,000 + 5,000 shipping + 800 tax = 13,800). */
export const PAGODA: CartItemInput = {
  variantId: '4',
  slug: 'one-pillar-pagoda-handkerchief',
  name: { en: 'One Pillar Pagoda Handkerchief', vi: 'Khăn tay Chùa Một Cột' },
  unitPrice: 8_000,
  image: '/images/one-pillar-lotus-pond.svg',
  imageAlt: { en: 'One Pillar Pagoda handkerchief', vi: 'Khăn tay Chùa Một Cột' },
};

/** Hoan Kiem Lake, its cheapest style at 10,000đ. */
export const HOAN_KIEM: CartItemInput = {
  variantId: '1',
  slug: 'hoan-kiem-lake-handkerchief',
  name: { en: 'Hoan Kiem Lake Handkerchief', vi: 'Khăn tay Hồ Hoàn Kiếm' },
  unitPrice: 10_000,
  image: '/images/hoan-kiem-dusk.svg',
  imageAlt: { en: 'Hoan Kiem Lake handkerchief', vi: 'Khăn tay Hồ Hoàn Kiếm' },
};
