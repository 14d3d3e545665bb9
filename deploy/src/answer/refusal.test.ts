/** What a refused request gets: on the host, the shop's page in the address's language; on a remote, plain text. */
import { createHash } from 'node:crypto';
import { REFUSAL_STYLE } from '@maison/host/hosting';
import { refusal, refusedLanguage, refusedLanguagePatterns } from './refusal.ts';

describe('the language of a refused request', () => {
  it.each([
    ['/vi/%ZZ', 'vi'],
    ['/vi', 'vi'],
    ['/vi?x=%ZZ', 'vi'],
    [`/vi/${'a'.repeat(9000)}`, 'vi'],
    ['/video/%ZZ', 'en'],
    ['/%E0%A4%A', 'en'],
    ['/products/../../x', 'en'],
    [undefined, 'en'],
  ])('%s: %s', (target, language) => {
    expect(refusedLanguage(target)).toBe(language);
    // nginx reads the same from the request line.
    const line = `GET ${target ?? ''} HTTP/1.1`;
    const matched = refusedLanguagePatterns().find(([, pattern]) => new RegExp(pattern).test(line));
    expect(matched?.[0] ?? 'en').toBe(language);
  });
});

describe('the answer to a refused request', () => {
  it.each([
    [400, 'vi', 'Yêu cầu không hợp lệ', '/vi/', 'Về trang chủ'],
    [414, 'en', 'Address too long', '/', 'Return to Home'],
    [431, 'en', 'Request too large', '/', 'Return to Home'],
  ] as const)('%i in %s: a page that says "%s" and links to %s', (status, language, title, home, link) => {
    const { headers, text } = refusal(status, false, language);
    expect(text).toMatch(new RegExp(`^<!doctype html><html lang="${language}">.*<h1>${title}</h1>.*<a href="${home}">${link}</a>`));
    expect(headers['Content-Type']).toBe('text/html; charset=utf-8');
    expect(headers['Cache-Control']).toBe('no-cache');
    expect(headers['Access-Control-Allow-Origin']).toBeUndefined();
    // Nothing runs, nothing loads; its one inline style is named by its hash.
    const hash = createHash('sha256').update(REFUSAL_STYLE).digest('base64');
    expect(headers['Content-Security-Policy']).toBe(
      `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    );
    expect(text).not.toMatch(/<script|<link|<img/);
  });

  it('from a remote: plain text any origin can read', () => {
    expect(refusal(400, true)).toMatchObject({
      text: 'Bad request\n',
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*' },
    });
  });
});
