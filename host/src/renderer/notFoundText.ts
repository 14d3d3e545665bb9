/**
 * A not-found page shows what was asked for: the 404 page the path, the product-not-found page the
 * route's parameter. The renderer renders each once, with a placeholder where that text goes, and
 * writes a marker there; the server puts the request's text in its place, HTML-escaped
 * (withShownText). Node runs this file as it is (the servers read it through host/src/hosting.ts):
 * no imports, only TypeScript that erases.
 */

/** What the renderer renders in place of the path or parameter (plain letters: React leaves it as it is). */
export const SHOWN_TEXT_PLACEHOLDER = '__maison_not_found__';

/** What a rendered not-found page holds where the text goes: a comment, so a page served without the server's text shows nothing there. */
export const SHOWN_TEXT_INCLUDE = '<!--maison:shown-text-->';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe in HTML, in an element or a quoted attribute: the renderer's too (pageDocument.ts). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

/** A rendered not-found page with the request's text in it, escaped. */
export function withShownText(html: string, text: string): string {
  return html.split(SHOWN_TEXT_INCLUDE).join(escapeHtml(text));
}
