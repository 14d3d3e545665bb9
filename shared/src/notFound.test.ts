import { SHOWN_ASKED_LENGTH, shownAsked } from './notFound';

describe('what a not-found page shows of what was asked for', () => {
  it('shows a path or slug of a line as it is', () => {
    expect(shownAsked('/nowhere/x')).toBe('/nowhere/x');
    expect(shownAsked('a'.repeat(SHOWN_ASKED_LENGTH))).toBe('a'.repeat(SHOWN_ASKED_LENGTH));
  });

  it('cuts a longer one to a line, with an ellipsis, never through a character', () => {
    expect(shownAsked('/'.repeat(8000))).toBe(`${'/'.repeat(SHOWN_ASKED_LENGTH)}…`);
    const emoji = '😀'.repeat(SHOWN_ASKED_LENGTH + 1);
    expect(shownAsked(emoji)).toBe(`${'😀'.repeat(SHOWN_ASKED_LENGTH)}…`);
  });
});
