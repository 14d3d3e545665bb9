/**
 * What a not-found page shows of what was asked for (the 404 page the path, the product-not-found
 * page the slug): the same on the server that puts it in and in the page that takes over, and
 * never more than a line of it, so a request of kilobytes is not echoed back at that length. Node
 * runs this file as it is (the servers): no imports, only TypeScript that erases.
 */
export const SHOWN_ASKED_LENGTH = 120;

export function shownAsked(asked: string): string {
  if (asked.length <= SHOWN_ASKED_LENGTH) return asked;
  // By code point, so a cut never splits a character in two; twice the length in code units
  // holds at least that many code points, and only those are looked at.
  const characters = Array.from(asked.slice(0, 2 * SHOWN_ASKED_LENGTH + 1));
  return characters.length <= SHOWN_ASKED_LENGTH ? asked : `${characters.slice(0, SHOWN_ASKED_LENGTH).join('')}…`;
}
