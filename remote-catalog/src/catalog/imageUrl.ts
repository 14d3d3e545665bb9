declare const __webpack_public_path__: string;
declare const CATALOG_IMAGE_BASE_URL: string;

/**
 * Images are served by this remote (public/images), or by a CDN when the build sets
 * CATALOG_IMAGE_BASE_URL. The default follows wherever this remote's own files came from.
 */
export function catalogImageUrl(file: string): string {
  const configured = typeof CATALOG_IMAGE_BASE_URL === 'string' ? CATALOG_IMAGE_BASE_URL : '';
  const publicPath = typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '/';
  const base = configured || publicPath;
  return `${base.endsWith('/') ? base : `${base}/`}images/${file}`;
}
