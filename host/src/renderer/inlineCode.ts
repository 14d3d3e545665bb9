/** The boot script and first-paint stylesheets a rendered page carries inline (allowed by hash). */
// Why: docs/decisions/build-and-render.md#inline-code

export const MOST_INLINE_STYLE_BYTES = 64 * 1024;

/** The text for `<style data-href>`, its source map address made absolute; undefined keeps the link (url(), @import, `</style`). */
export function inlineStyle(text: string, href: string): string | undefined {
  if (text.length > MOST_INLINE_STYLE_BYTES || /url\(|@import|<\/style/i.test(text)) return undefined;
  const absolute = /^[a-z][a-z0-9+.-]*:/i.test(href);
  const file = new URL(href, 'http://root.invalid/');
  return text.replace(/(\/\*# sourceMappingURL=)([^*\s]+)/g, (_match, start: string, map: string) => {
    const url = new URL(map, file);
    return `${start}${absolute ? url.href : url.pathname}`;
  });
}

/** A script's text as a page carries it: one that could end its element, or open a comment there, is refused. */
export function inlineScript(text: string): string {
  if (/<\/script|<!--/i.test(text)) throw new Error('a script carried in a page must not contain "</script" or "<!--"');
  return text;
}
