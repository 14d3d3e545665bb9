/** A not-found page is rendered once with a marker; the server fills in the request's text. Node runs it as is. */

/** Plain letters, so React leaves it as it is. */
export const SHOWN_TEXT_PLACEHOLDER = '__maison_not_found__';

/** A comment: a page served without the server's text shows nothing there. */
export const SHOWN_TEXT_INCLUDE = '<!--maison:shown-text-->';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe in HTML, in an element or a quoted attribute: the renderer's too (pageDocument.ts). */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);

export function withShownText(html: string, text: string): string {
  return html.split(SHOWN_TEXT_INCLUDE).join(escapeHtml(text));
}
