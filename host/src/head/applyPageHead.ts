import type { PageHead } from '@maison/shared';
import { PAGE_HEAD_SELECTOR, pageHeadTags, type PageAddress } from './pageHeadTags';

/**
 * Writes a page's head into the document after a navigation: the title, and every tag
 * pageHeadTags says (description, canonical and alternate addresses, robots, Open Graph, JSON-LD),
 * replacing the page before's. The rendered HTML holds the same tags, so taking a page over
 * changes nothing there.
 */
export function applyPageHead(document: Document, head: PageHead, address: PageAddress): void {
  document.title = head.title;
  const tags = pageHeadTags(head, address);
  const current = [...document.head.querySelectorAll(PAGE_HEAD_SELECTOR)];
  const same =
    current.length === tags.length &&
    current.every((element, index) => {
      const tag = tags[index]!;
      const attributes = Object.entries(tag.attributes);
      return (
        element.tagName.toLowerCase() === tag.tagName &&
        element.attributes.length === attributes.length &&
        attributes.every(([name, value]) => element.getAttribute(name) === value) &&
        (tag.text === undefined || element.textContent === tag.text)
      );
    });
  if (same) return;
  for (const element of current) element.remove();
  const anchor = document.head.querySelector('title')?.nextSibling ?? null;
  for (const tag of tags) {
    const element = document.createElement(tag.tagName);
    for (const [name, value] of Object.entries(tag.attributes)) element.setAttribute(name, value);
    if (tag.text !== undefined) element.textContent = tag.text;
    document.head.insertBefore(element, anchor);
  }
}
