export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Text the shopper sees, in every language we ship. */
export type LocalizedText = Record<Language, string>;

/** What the catalogue hands to the cart: one purchasable variant, prices in integer dong. */
export interface CartItemInput {
  variantId: string;
  slug: string;
  name: LocalizedText;
  /** Integer dong. */
  unitPrice: number;
  image: string;
  imageAlt: LocalizedText;
  size?: string;
  color?: LocalizedText;
  material?: LocalizedText;
}

export interface CartLine extends CartItemInput {
  /** Identity of the line: variant id + size + color + material. */
  key: string;
  quantity: number;
}

export interface WishlistItem {
  slug: string;
  name: LocalizedText;
  /** Lowest variant price in integer dong. */
  price: number;
  /** True when the product has variants at different prices ("From …"). */
  hasPriceRange: boolean;
  image: string;
  imageAlt: LocalizedText;
}

export type OrderStatus = 'Delivered' | 'Processing' | (string & {});

export interface OrderItem {
  name: LocalizedText;
  quantity: number;
  /** Integer dong per unit. */
  unitPrice: number;
}

export interface Order {
  id: string;
  /** ISO 8601 timestamp. */
  date: string;
  status: OrderStatus;
  /** Integer dong, shipping and tax included. */
  total: number;
  items: OrderItem[];
}
