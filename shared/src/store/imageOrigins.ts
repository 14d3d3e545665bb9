import { createAction } from '@reduxjs/toolkit';
import { hasOriginIn } from '../storedFields';

/**
 * The page names the origins that may serve images: its own and its remotes' (the host reads
 * them from remotes.json, the same list its Content-Security-Policy allows). Stored cart and
 * wishlist images from anywhere else are dropped; the line stays, shown with its text.
 */
export const imageOriginsConfigured = createAction<{ origins: string[]; base: string }>('shop/imageOriginsConfigured');

/** Blanks the images not served from a trusted origin, in place: nothing changes (no write) when all are. */
export function dropUntrustedImages(items: Array<{ image: string }>, { origins, base }: { origins: string[]; base: string }): void {
  for (const item of items) {
    if (item.image !== '' && !hasOriginIn(item.image, origins, base)) item.image = '';
  }
}
