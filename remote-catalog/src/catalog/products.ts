import type { CartItemInput, LocalizedText, WishlistItem } from '@maison/shared';
import { CATALOG_VARIANTS, type CatalogVariant } from './variants';
import { PRODUCT_TEXTS } from './productTexts';
import { catalogImageUrl } from './imageUrl';

export interface ProductVariant extends Omit<CatalogVariant, 'imageFile'> {
  image: string;
}

export interface ProductGroup {
  name: LocalizedText;
  slug: string;
  description: LocalizedText;
  care: LocalizedText;
  design: LocalizedText;
  /** The cheapest variant's image. */
  primaryImage: string;
  primaryImageAlt: LocalizedText;
  /** Distinct variant images, cheapest first. */
  images: string[];
  basePriceNumeric: number;
  /** True when variants differ in price, so the card says "From {lowest}". */
  hasPriceRange: boolean;
  variants: ProductVariant[];
}

/** Lower-case, spaces to hyphens, anything but word characters and hyphens removed. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\w-]/g, '');
}

const FALLBACK_TEXT = (name: string): LocalizedText => ({ en: name, vi: name });

/** Groups variants by name in first-appearance order (the Featured order). */
export function groupVariants(variants: readonly CatalogVariant[], imageUrl: (file: string) => string = catalogImageUrl): ProductGroup[] {
  const byName = new Map<string, CatalogVariant[]>();
  for (const variant of variants) byName.set(variant.name, [...(byName.get(variant.name) ?? []), variant]);

  return [...byName.entries()].map(([name, members]) => {
    // Stable sort: equal prices keep catalogue order.
    const sorted = [...members]
      .sort((a, b) => a.price - b.price)
      .map(({ imageFile, ...rest }) => ({ ...rest, image: imageUrl(imageFile) }));
    const cheapest = sorted[0]!;
    const texts = PRODUCT_TEXTS[name];
    return {
      name: texts?.name ?? FALLBACK_TEXT(name),
      slug: slugify(name),
      description: texts?.description ?? FALLBACK_TEXT(name),
      care: texts?.care ?? FALLBACK_TEXT(name),
      design: texts?.design ?? FALLBACK_TEXT(name),
      primaryImage: cheapest.image,
      primaryImageAlt: cheapest.imageAlt,
      images: [...new Set(sorted.map((variant) => variant.image))],
      basePriceNumeric: cheapest.price,
      hasPriceRange: sorted.some((variant) => variant.price !== cheapest.price),
      variants: sorted,
    };
  });
}

export const PRODUCT_GROUPS: readonly ProductGroup[] = groupVariants(CATALOG_VARIANTS);

export function findProductBySlug(slug: string | undefined): ProductGroup | undefined {
  return PRODUCT_GROUPS.find((group) => group.slug === slug);
}

export function findProductByVariantId(id: string | undefined): { product: ProductGroup; variant: ProductVariant } | undefined {
  for (const product of PRODUCT_GROUPS) {
    const variant = product.variants.find((candidate) => candidate.id === id);
    if (variant) return { product, variant };
  }
  return undefined;
}

/** Other products for 'You may also like', in catalogue order after this one. */
export function relatedProducts(slug: string, limit = 3): ProductGroup[] {
  const index = PRODUCT_GROUPS.findIndex((group) => group.slug === slug);
  const rotated = [...PRODUCT_GROUPS.slice(index + 1), ...PRODUCT_GROUPS.slice(0, Math.max(index, 0))];
  return rotated.filter((group) => group.slug !== slug).slice(0, limit);
}

export function isInStock(product: ProductGroup): boolean {
  return product.variants.some((variant) => variant.inStock);
}

export function toCartItem(product: ProductGroup, variant: ProductVariant): CartItemInput {
  return {
    variantId: variant.id,
    slug: product.slug,
    name: product.name,
    unitPrice: variant.price,
    image: variant.image,
    imageAlt: variant.imageAlt,
    size: variant.size,
    color: variant.color,
    material: variant.material,
  };
}

export function toWishlistItem(product: ProductGroup): WishlistItem {
  return {
    slug: product.slug,
    name: product.name,
    price: product.basePriceNumeric,
    hasPriceRange: product.hasPriceRange,
    image: product.primaryImage,
    imageAlt: product.primaryImageAlt,
  };
}
