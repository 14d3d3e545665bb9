/**
 * What a rendered page carries in itself instead of fetching: its boot script and the stylesheets
 * of its first paint. On a slow line each fetch the first paint waits for costs a round trip after
 * the HTML (0.56 s on the bench's phone). The page policy allows each by its hash.
 */

/** The most a stylesheet may weigh to be carried in the page rather than linked. */
export const MOST_INLINE_STYLE_BYTES = 64 * 1024;

/**
 * A stylesheet's text as a page carries it (`<style data-href>`), or undefined when it stays a
 * link: a relative url() or @import would resolve against the page instead of the file, and
 * `</style` would end the element. Its source map's address is made absolute, as it would be read
 * from the file. `href` is the file's address: absolute, or root-relative (the host's own).
 */
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
