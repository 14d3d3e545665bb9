/** @jest-environment jsdom */
import { introPending } from '../shell/introGate';
import { VISITED_SESSION_KEY } from '../shell/introTiming';
import { markIntroPending } from './introMark';

describe('the intro’s mark on a rendered page', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.documentElement.removeAttribute('data-intro');
  });
  afterEach(() => jest.restoreAllMocks());

  it('covers the page on the session’s first visit', () => {
    markIntroPending();
    expect(introPending()).toBe(true);
  });

  it('leaves it uncovered once the session has seen the intro (the flag the intro sets)', () => {
    sessionStorage.setItem(VISITED_SESSION_KEY, 'true');
    markIntroPending();
    expect(document.documentElement.hasAttribute('data-intro')).toBe(false);
  });

  it('leaves it uncovered without session storage (nothing could remember the intro was seen)', () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    markIntroPending();
    expect(document.documentElement.hasAttribute('data-intro')).toBe(false);
  });
});
