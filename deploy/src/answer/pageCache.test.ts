/** Pages rendered on demand: kept within bounds, rendered once per key, never more at once than allowed. */
import { pageCache, type PageCacheLimits } from './pageCache.ts';

const LIMITS: PageCacheLimits = {
  entries: 3,
  bytes: 100,
  rendering: 1,
  waiting: 1,
  perSecond: 100,
  perClient: { active: 100, perSecond: 100 },
};
const text = (value: string) => () => Promise.resolve(value);
const later = () => {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((done) => (resolve = done));
  return { make: () => promise, resolve };
};

describe('the cache of pages rendered on demand', () => {
  it('keeps at most `entries` pages, dropping the least recently used', async () => {
    const cache = pageCache<string>((value) => value.length, LIMITS);
    for (const key of ['a', 'b', 'c']) await cache.get(key, text(key));
    await cache.get('a', text('never')); // a is used again: b is now the oldest
    await cache.get('d', text('d'));
    expect(cache.size.entries).toBe(3);
    expect(await cache.get('b', text('b again'))).toBe('b again');
    expect(await cache.get('a', text('never'))).toBe('a');
  });

  it('keeps at most `bytes` in all, and never a page bigger than that', async () => {
    const cache = pageCache<string>((value) => value.length, LIMITS);
    await cache.get('big', text('x'.repeat(101)));
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    await cache.get('a', text('x'.repeat(60)));
    await cache.get('b', text('y'.repeat(60)));
    expect(cache.size).toEqual({ entries: 1, bytes: 60 });
  });

  it('renders a key once, however many ask at the same time', async () => {
    const cache = pageCache<string>((value) => value.length, LIMITS);
    const make = jest.fn(text('page'));
    expect(await Promise.all([cache.get('k', make), cache.get('k', make), cache.get('k', make)])).toEqual(['page', 'page', 'page']);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('renders at most `rendering` at once with `waiting` queued, and refuses the rest without rendering them', async () => {
    const cache = pageCache<string>((value) => value.length, LIMITS);
    const first = later();
    const second = jest.fn(text('second'));
    const third = jest.fn(text('third'));
    const answers = [cache.get('1', first.make), cache.get('2', second), cache.get('3', third)];
    expect(await answers[2]).toBeUndefined();
    expect(second).not.toHaveBeenCalled();
    first.resolve('first');
    expect(await Promise.all(answers.slice(0, 2))).toEqual(['first', 'second']);
    expect(third).not.toHaveBeenCalled();
    // Once they are done, there is room again.
    expect(await cache.get('3', third)).toBe('third');
  });

  it('starts at most `perSecond` renders in a second: a flood of distinct keys gets nothing rendered beyond that', async () => {
    const cache = pageCache<string>((value) => value.length, { ...LIMITS, rendering: 5, waiting: 100, perSecond: 3 });
    const make = jest.fn((key: string) => () => Promise.resolve(key));
    const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => cache.get(`junk-${index}`, make(`junk-${index}`))));
    expect(answers.filter(Boolean)).toEqual(['junk-0', 'junk-1', 'junk-2']);
    // A kept page costs no render: it is answered whatever the rate.
    expect(await cache.get('junk-0', () => Promise.reject(new Error('not rendered again')))).toBe('junk-0');
  });

  it('keeps no failure: the next request renders again', async () => {
    const cache = pageCache<string>((value) => value.length, LIMITS);
    expect(await cache.get('k', () => Promise.reject(new Error('down')))).toBeUndefined();
    expect(await cache.get('k', () => Promise.resolve(undefined))).toBeUndefined();
    expect(await cache.get('k', text('back'))).toBe('back');
  });

  it('gives each client a share of its own: one client’s flood leaves the others’ pages rendered', async () => {
    const limits = { ...LIMITS, entries: 100, rendering: 2, waiting: 8, perSecond: 20, perClient: { active: 2, perSecond: 8 } };
    const cache = pageCache<string>((value) => value.length, limits);
    const slow = (key: string) => () => new Promise<string>((resolve) => setTimeout(() => resolve(key), 20));
    // 40 distinct addresses at once from one client: two of them rendered, the rest refused at once.
    const flood = Array.from({ length: 40 }, (_, index) => cache.get(`min=${index}`, slow(`min=${index}`), { client: 'flooder' }));
    const shopper = [];
    for (const key of ['sort=price-desc', 'sort=price-asc', 'view=list'])
      shopper.push(await cache.get(key, slow(key), { client: 'shopper' }));
    expect(shopper).toEqual(['sort=price-desc', 'sort=price-asc', 'view=list']);
    expect((await Promise.all(flood)).filter(Boolean)).toHaveLength(2);
  });

  it('starts at most perClient.perSecond renders a second for one client, and lets it render again once they are done', async () => {
    const cache = pageCache<string>((value) => value.length, { ...LIMITS, entries: 10, perClient: { active: 10, perSecond: 3 } });
    const answers = [];
    for (let index = 0; index < 5; index += 1) answers.push(await cache.get(`k${index}`, text(`k${index}`), { client: 'one' }));
    expect(answers.filter(Boolean)).toHaveLength(3);
    // Another client is not held back by it; a kept page costs no share.
    expect(await cache.get('other', text('other'), { client: 'two' })).toBe('other');
    expect(await cache.get('k0', () => Promise.reject(new Error('not rendered again')), { client: 'one' })).toBe('k0');
  });

  it('says what became of each request', async () => {
    const cache = pageCache<string>((value) => value.length, { ...LIMITS, perClient: { active: 1, perSecond: 100 } });
    const outcomes: string[] = [];
    const onOutcome = (outcome: string) => void outcomes.push(outcome);
    const first = later();
    const asked = cache.get('a', first.make, { client: 'c', onOutcome });
    const joined = cache.get('a', first.make, { client: 'c', onOutcome });
    await cache.get('b', text('b'), { client: 'c', onOutcome });
    first.resolve('a');
    await Promise.all([asked, joined]);
    await cache.get('a', text('never'), { onOutcome });
    await cache.get('f', () => Promise.resolve(undefined), { onOutcome });
    expect(outcomes).toEqual(['joined', 'refused-client', 'rendered', 'kept', 'failed']);
    expect(cache.load).toEqual({ rendering: 0, waiting: 0 });
  });
});
