/**
 * The cookie that mirrors the shopper's language choice (local storage stays the page's record)
 * so that the servers send a rendered page in that language from the first paint. Node runs
 * this file as it is (deploy/src/answer/rules.ts): no imports, only TypeScript that erases.
 */
export const LANGUAGE_COOKIE = 'maison_lang';

/** A year: the choice outlives the session, as local storage does. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The language cookie's value in a request's Cookie header, if it has one. */
export function languageCookieValue(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, ...value] = part.split('=');
    if (name?.trim() === LANGUAGE_COOKIE) return value.join('=').trim();
  }
  return undefined;
}

/** The Set-Cookie text for a choice: the whole site, a year, never sent to other sites. */
export function languageCookie(language: string, secure: boolean): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
