/** Playwright's check of the address table (addresses.ts) against one server: status, location, type, language, heading, policy, cache. HTTP only. */
import { expect, type APIRequestContext } from '@playwright/test';
import { ADDRESS_TABLE, NAVIGATION, PAGE_CACHE } from './addresses';

export { ADDRESS_TABLE } from './addresses';

const stripTags = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** Asks `origin` for every address of the table and checks each answer. */
export async function checkAddressTable(request: APIRequestContext, origin: string): Promise<void> {
  for (const [address, expected] of ADDRESS_TABLE) {
    const answer = await request.fetch(`${origin}${address}`, { headers: NAVIGATION, maxRedirects: 0 });
    const html = await answer.text();
    expect([address, answer.status()]).toEqual([address, expected.status]);
    if (expected.location) expect(answer.headers()['location'], address).toBe(expected.location);
    if (expected.type) expect(answer.headers()['content-type'], address).toBe(expected.type);
    if (!expected.page) continue;
    expect(html, address).toMatch(new RegExp(`<html[^>]* lang="${expected.page.lang}"`));
    const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
    expect(heading === undefined ? undefined : stripTags(heading), `${address}: the page's heading, in its HTML`).toBe(expected.page.h1);
    if (expected.status === 400) continue;
    // A page of the shop: under its policy, the same for everyone, so any cache may keep it.
    expect(answer.headers()['content-security-policy'], address).toMatch(/script-src 'self'/);
    expect(answer.headers()['cache-control'], address).toBe(PAGE_CACHE);
  }
}
