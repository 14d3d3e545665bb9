/**
 * A not-found page shows what was asked for: the 404 page the path, the product-not-found page the
 * route's parameter. The renderer renders each once, with a placeholder where that text goes, and
 * writes there an nginx server-side include that prints the request's text HTML-escaped; `npm run
 * serve` puts in the same text itself (withShownText). Node runs this file as it is
 * (deploy/hosting-rules.ts): no imports, only TypeScript that erases.
 */

/** What the renderer renders in place of the path or parameter (plain letters: React leaves it as it is). */
export const SHOWN_TEXT_PLACEHOLDER = '__maison_not_found__';

/** The nginx variable that holds the request's text (deploy/nginx sets it). */
export const SHOWN_TEXT_VARIABLE = 'maison_not_found';

/** What a rendered not-found page holds where the text goes. */
export const SHOWN_TEXT_INCLUDE = `<!--# echo var="${SHOWN_TEXT_VARIABLE}" encoding="entity" -->`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** A rendered not-found page with the request's text in it, escaped. */
export function withShownText(html: string, text: string): string {
  return html.split(SHOWN_TEXT_INCLUDE).join(text.replace(/[&<>"']/g, (char) => ESCAPES[char]!));
}
