/** @jest-environment jsdom */
import { BUCKET_COOKIE, COHORT_COOKIE, MOVED_KEY, OVERRIDE_COOKIE, type RolloutAnnouncement } from '../contract/rollout/cohorts';
import { followRollout, runsOtherBuild } from './followRollout';

const CANARY = 'https://canary.example/mf-manifest.json';
const STABLE = 'https://cart.example/mf-manifest.json';
const rollout = (change: Partial<RolloutAnnouncement & { share: number; state: string }> = {}) =>
  ({ id: 'r1', remote: 'cart', state: 'running', share: 5, canary: [CANARY], stable: [STABLE], ...change }) as RolloutAnnouncement;

const cookies = () =>
  Object.fromEntries(
    document.cookie
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
const clearCookies = () => {
  for (const name of Object.keys(cookies())) document.cookie = `${name}=; Path=/; Max-Age=0`;
};

let stop: AbortController;
beforeEach(() => {
  clearCookies();
  sessionStorage.clear();
  document.body.innerHTML = '<a href="/products/hoi-an">Hoi An</a><a href="https://elsewhere.example/">away</a>';
  stop = new AbortController();
});
afterEach(() => stop.abort());

/** A page of the shop running `runs` first for the cart, with /rollout.json answering `announcement`. */
function page(announcement: RolloutAnnouncement, runs: string) {
  let answer = announcement;
  const reload = jest.fn();
  const assign = jest.fn();
  const fetch = jest.fn(async () => ({ ok: true, json: async () => answer }) as unknown as Response);
  const follower = followRollout({ firstChoice: async () => runs, fetch, reload, assign, signal: stop.signal });
  const click = (name: string) => {
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === name)!;
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(event);
    return event.defaultPrevented;
  };
  return { follower, reload, assign, fetch, click, announce: (next: RolloutAnnouncement) => (answer = next) };
}

describe('runsOtherBuild', () => {
  const base = 'https://shop.example/';
  it('says a page runs the other build when its cohort and its build differ while shoppers are split', () => {
    expect(runsOtherBuild(rollout(), 0, STABLE, base)).toBe(true);
    expect(runsOtherBuild(rollout(), 0, CANARY, base)).toBe(false);
    expect(runsOtherBuild(rollout(), 9999, CANARY, base)).toBe(true);
    expect(runsOtherBuild(rollout(), 9999, STABLE, base)).toBe(false);
    expect(runsOtherBuild(rollout({ state: 'held' }), 9999, CANARY, base)).toBe(true);
  });
  it('leaves a page on the canary after an abort, never after a promotion, and any page when there is no rollout', () => {
    expect(runsOtherBuild(rollout({ state: 'aborted' }), 0, CANARY, base)).toBe(true);
    expect(runsOtherBuild(rollout({ state: 'aborted' }), 0, STABLE, base)).toBe(false);
    expect(runsOtherBuild(rollout({ state: 'promoted' }), 9999, CANARY, base)).toBe(false);
    expect(runsOtherBuild({}, 0, CANARY, base)).toBe(false);
  });
  it('compares addresses as URLs', () => {
    const relative = rollout({ canary: ['/canary/mf-manifest.json'] });
    expect(runsOtherBuild(relative, 0, 'https://shop.example/canary/mf-manifest.json', base)).toBe(false);
  });
});

describe('followRollout', () => {
  it('draws a bucket once and keeps it', async () => {
    const first = page({}, STABLE);
    await first.follower.checked();
    const bucket = cookies()[BUCKET_COOKIE];
    expect(Number(bucket)).toBeGreaterThanOrEqual(0);
    expect(Number(bucket)).toBeLessThan(10_000);
    stop.abort();
    stop = new AbortController();
    await page({}, STABLE).follower.checked();
    expect(cookies()[BUCKET_COOKIE]).toBe(bucket);
  });

  it('writes the cohort of the rollout the servers announce, and removes it when none runs', async () => {
    document.cookie = `${BUCKET_COOKIE}=42; Path=/`;
    const shown = page(rollout({ share: 5 }), CANARY);
    await shown.follower.checked();
    expect(cookies()[COHORT_COOKIE]).toBe('r1.canary');
    shown.announce(rollout({ state: 'aborted' }));
    shown.follower.pageShown();
    shown.follower.pageShown();
    await shown.follower.checked();
    expect(cookies()[COHORT_COOKIE]).toBeUndefined();
  });

  it('a canary shopper on a baseline page: the next link is a whole page load, once', async () => {
    document.cookie = `${BUCKET_COOKIE}=42; Path=/`;
    const shown = page(rollout({ share: 5 }), STABLE);
    await shown.follower.checked();
    expect(shown.click('away')).toBe(false);
    expect(shown.click('Hoi An')).toBe(true);
    expect(shown.assign).toHaveBeenCalledWith('http://localhost/products/hoi-an');
    // Had the load brought the baseline again (a cache behind), the shop moves on inside the page.
    expect(shown.click('Hoi An')).toBe(false);
  });

  it('an abort reaches a canary page at its next move: it is reloaded once', async () => {
    document.cookie = `${BUCKET_COOKIE}=42; Path=/`;
    const shown = page(rollout(), CANARY);
    shown.follower.pageShown();
    await shown.follower.checked();
    expect(shown.click('Hoi An')).toBe(false);
    shown.announce(rollout({ state: 'aborted' }));
    shown.follower.pageShown();
    await shown.follower.checked();
    await Promise.resolve();
    expect(shown.reload).toHaveBeenCalledTimes(1);
    shown.follower.pageShown();
    await shown.follower.checked();
    await Promise.resolve();
    expect(shown.reload).toHaveBeenCalledTimes(1);
  });

  it('a promoted canary’s page stays; a tester’s override is never moved', async () => {
    document.cookie = `${BUCKET_COOKIE}=9000; Path=/`;
    const promoted = page(rollout({ state: 'promoted' }), CANARY);
    await promoted.follower.checked();
    expect(promoted.click('Hoi An')).toBe(false);
    stop.abort();
    stop = new AbortController();
    document.cookie = `${OVERRIDE_COOKIE}=cart@0.2.0; Path=/`;
    const tester = page(rollout(), CANARY);
    await tester.follower.checked();
    expect(tester.click('Hoi An')).toBe(false);
  });

  it('a /rollout.json it cannot read changes nothing', async () => {
    document.cookie = `${BUCKET_COOKIE}=42; Path=/`;
    const shown = page({ id: 'r1' } as RolloutAnnouncement, STABLE);
    await shown.follower.checked();
    expect(cookies()[COHORT_COOKIE]).toBeUndefined();
    expect(shown.click('Hoi An')).toBe(false);
  });

  /** What the page load a move makes finds in session storage (pageSignals.ts asks its token with it). */
  const moved = () => sessionStorage.getItem(MOVED_KEY);

  it('a link followed to move the shopper: the page load it makes is marked as made to move them, once', async () => {
    document.cookie = `${BUCKET_COOKIE}=42; Path=/`;
    const shown = page(rollout({ share: 5 }), STABLE);
    await shown.follower.checked();
    expect(shown.click('away')).toBe(false);
    expect(moved()).toBeNull();
    let marked: string | null = null;
    shown.assign.mockImplementation(() => (marked = moved()));
    expect(shown.click('Hoi An')).toBe(true);
    expect(marked).toBe('1');
    // The page load it made takes the mark; the shop then moves on inside the page, unmarked.
    sessionStorage.removeItem(MOVED_KEY);
    expect(shown.click('Hoi An')).toBe(false);
    expect(moved()).toBeNull();
  });

  it('a reload to move the shopper: the page load it makes is marked as made to move them, once', async () => {
    document.cookie = `${BUCKET_COOKIE}=42; Path=/`;
    const shown = page(rollout(), CANARY);
    let marked: string | null = null;
    shown.reload.mockImplementation(() => (marked = moved()));
    shown.follower.pageShown();
    shown.follower.pageShown();
    await shown.follower.checked();
    await Promise.resolve();
    expect(shown.reload).not.toHaveBeenCalled();
    expect(moved()).toBeNull();
    shown.announce(rollout({ state: 'aborted' }));
    shown.follower.pageShown();
    await shown.follower.checked();
    await Promise.resolve();
    expect(shown.reload).toHaveBeenCalledTimes(1);
    expect(marked).toBe('1');
    sessionStorage.removeItem(MOVED_KEY);
    shown.follower.pageShown();
    await shown.follower.checked();
    await Promise.resolve();
    expect(shown.reload).toHaveBeenCalledTimes(1);
    expect(moved()).toBeNull();
  });

  it('marks no page load when it moves nobody: a promoted canary, a tester, a /rollout.json it cannot read', async () => {
    const stays = async (announcement: RolloutAnnouncement, runs: string) => {
      stop.abort();
      stop = new AbortController();
      const shown = page(announcement, runs);
      await shown.follower.checked();
      shown.follower.pageShown();
      shown.follower.pageShown();
      await shown.follower.checked();
      await Promise.resolve();
      expect(shown.click('Hoi An')).toBe(false);
      expect(shown.reload).not.toHaveBeenCalled();
      expect(moved()).toBeNull();
    };
    document.cookie = `${BUCKET_COOKIE}=9000; Path=/`;
    await stays(rollout({ state: 'promoted' }), CANARY);
    await stays(rollout(), STABLE);
    await stays({ id: 'r1' } as RolloutAnnouncement, CANARY);
    document.cookie = `${OVERRIDE_COOKIE}=cart@0.2.0; Path=/`;
    await stays(rollout(), CANARY);
    await stays(rollout({ state: 'aborted' }), CANARY);
  });
});
