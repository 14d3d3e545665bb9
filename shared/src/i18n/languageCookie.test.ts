import { LANGUAGE_COOKIE, languageCookie, languageCookieValue } from './languageCookie';

describe('the language cookie', () => {
  it('reads the choice among other cookies, whatever the spacing', () => {
    expect(languageCookieValue(`${LANGUAGE_COOKIE}=vi`)).toBe('vi');
    expect(languageCookieValue(`a=1; ${LANGUAGE_COOKIE}=vi; b=2`)).toBe('vi');
    expect(languageCookieValue(`a=1;${LANGUAGE_COOKIE} = en `)).toBe('en');
  });

  it('reads nothing without the cookie, and only the cookie of that exact name', () => {
    expect(languageCookieValue(undefined)).toBeUndefined();
    expect(languageCookieValue('')).toBeUndefined();
    expect(languageCookieValue(`x${LANGUAGE_COOKIE}=vi; ${LANGUAGE_COOKIE}x=vi`)).toBeUndefined();
  });

  it('passes on a value it does not know as it is: the servers decide which languages exist', () => {
    expect(languageCookieValue(`${LANGUAGE_COOKIE}=fr`)).toBe('fr');
    expect(languageCookieValue(`${LANGUAGE_COOKIE}=a=b`)).toBe('a=b');
  });

  it('is written for the whole site, for a year, never sent from other sites, Secure over https', () => {
    expect(languageCookie('vi', false)).toBe(`${LANGUAGE_COOKIE}=vi; Path=/; Max-Age=31536000; SameSite=Lax`);
    expect(languageCookie('en', true)).toBe(`${LANGUAGE_COOKIE}=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure`);
  });
});
