import * as v from 'valibot';
import {
  BEACON,
  MAX_BEACON_BYTES,
  PAGE_LOAD_PATH,
  SIGNALS_PATH,
  TOKEN_PARAMETER,
  type Beacon,
  type Signal,
} from '../../contract/observe/beacon';
import * as page from '../../contract/observe/beaconLimits';
import { beaconBodies, beaconUrl, sendBeaconBody } from './beacons';

const head = { v: 2 as const, hostBuild: '0.1.0+abc', builds: { cart: '0.1.4' } };
/** A page load's token, as the receiver issues it (base64url, a dot, base64url). */
const TOKEN = 'eyJpZCI6IngifQ.c2lnbmF0dXJl';
const view = (n: number): Signal => ({ kind: 'view', page: `/products/${'x'.repeat(n % 50)}-${n}` });
/** What the answerer does with a body: parse it with the schema, or throw. */
const received = (body: string): Beacon => v.parse(BEACON, JSON.parse(body));

it('sends where the contract says, within its limits', () => {
  expect(page.SIGNALS_PATH).toBe(SIGNALS_PATH);
  expect(page.PAGE_LOAD_PATH).toBe(PAGE_LOAD_PATH);
  expect(page.TOKEN_PARAMETER).toBe(TOKEN_PARAMETER);
  expect(page.MAX_BEACON_BYTES).toBe(MAX_BEACON_BYTES);
  const longest = {
    kind: 'failure',
    page: `/${'p'.repeat(page.MAX_PAGE - 1)}`,
    remote: 'cart',
    url: `https://${'u'.repeat(page.MAX_URL - 8)}`,
    reason: 'refused',
  };
  const build = 'b'.repeat(page.MAX_BUILD);
  expect(() => received(JSON.stringify({ ...head, builds: { cart: build }, records: [longest] }))).not.toThrow();
  for (const tooLong of [
    { ...longest, page: `${longest.page}p` },
    { ...longest, url: `${longest.url}u` },
  ])
    expect(() => received(JSON.stringify({ ...head, records: [tooLong] }))).toThrow();
  expect(() => received(JSON.stringify({ ...head, builds: { cart: `${build}b` }, records: [] }))).toThrow();
  // A version 1 beacon named its own page load: the answerer takes none now.
  expect(() => received(JSON.stringify({ ...head, v: 1, pageLoad: 'm3k-abc', records: [] }))).toThrow();
});

it('sends a page load’s beacons to the receiver with its token, URL-encoded', () => {
  expect(beaconUrl(TOKEN)).toBe(`/rum?t=${TOKEN}`);
  expect(beaconUrl('a+b/c=.d&e f')).toBe('/rum?t=a%2Bb%2Fc%3D.d%26e%20f');
  expect(new URL(beaconUrl('a+b/c=.d&e f'), 'https://shop.example').searchParams.get(TOKEN_PARAMETER)).toBe('a+b/c=.d&e f');
});

describe('beacon bodies', () => {
  it('puts every record in one beacon when it fits, with the version, the host build and the builds', () => {
    const records: Signal[] = [
      view(1),
      { kind: 'load', page: '/cart', remote: 'cart', build: '0.1.4', fallback: true },
      { kind: 'failure', page: '/cart', remote: 'cart', url: 'https://cdn.example.com/cart/9/mf-manifest.json', reason: 'http-error' },
      { kind: 'vital', page: '/cart', name: 'CLS', value: 0.0421 },
      { kind: 'error', page: '/cart', remote: 'host' },
    ];
    const [only, ...more] = beaconBodies(records, head);
    expect(more).toEqual([]);
    expect(received(only!)).toEqual({ ...head, records });
  });

  it('splits into beacons the answerer accepts, each under the byte limit and MAX_RECORDS records, in order, losing nothing', () => {
    const many = Array.from({ length: 900 }, (_, n) => view(n));
    const bodies = beaconBodies(many, head);
    expect(bodies.length).toBeGreaterThan(3);
    for (const body of bodies) {
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(MAX_BEACON_BYTES);
      expect(received(body)).toMatchObject(head);
    }
    expect(bodies.flatMap((body) => received(body).records)).toEqual(many);
    // Small records fill a beacon to its count, not its bytes; the byte limit is met exactly.
    const small = Array.from({ length: 300 }, () => ({ kind: 'view', page: '/' }) as const);
    expect(beaconBodies(small, head).map((body) => received(body).records.length)).toEqual([...Array<number>(9).fill(32), 12]);
    const tight = beaconBodies(many.slice(0, 40), head, 600);
    expect(Math.max(...tight.map((body) => new TextEncoder().encode(body).length))).toBeLessThanOrEqual(600);
    expect(tight.flatMap((body) => received(body).records)).toEqual(many.slice(0, 40));
  });

  it('leaves out a record no beacon can hold, and sends nothing for nothing', () => {
    expect(beaconBodies([{ kind: 'view', page: `/${'p'.repeat(2000)}` }], head, 1_000)).toEqual([]);
    expect(beaconBodies([], head)).toEqual([]);
  });
});

describe('sending a beacon', () => {
  const body = JSON.stringify({ ...head, records: [view(1)] });
  const fetches = jest.fn(() => Promise.reject(new Error('offline')));
  const original = {
    fetch: Object.getOwnPropertyDescriptor(globalThis, 'fetch')!,
    navigator: Object.getOwnPropertyDescriptor(globalThis, 'navigator')!,
  };
  const withNavigator = (navigator: Partial<Navigator>) => {
    Object.defineProperty(globalThis, 'navigator', { value: navigator, configurable: true });
    Object.defineProperty(globalThis, 'fetch', { value: fetches, configurable: true });
  };
  afterEach(() => {
    Object.defineProperty(globalThis, 'fetch', original.fetch);
    Object.defineProperty(globalThis, 'navigator', original.navigator);
    fetches.mockClear();
  });

  const url = beaconUrl(TOKEN);

  it('uses sendBeacon to the shop’s own origin with a text body', () => {
    const beacon = jest.fn(() => true);
    withNavigator({ sendBeacon: beacon });
    sendBeaconBody(body, url);
    expect(beacon).toHaveBeenCalledWith(`/rum?t=${TOKEN}`, body);
    expect(fetches).not.toHaveBeenCalled();
  });

  it.each([
    ['no sendBeacon', undefined],
    ['sendBeacon refusing', () => false],
    [
      'sendBeacon throwing',
      () => {
        throw new TypeError('no');
      },
    ],
  ])('falls back to a keepalive fetch with %s, and swallows its failure', async (_, sendBeacon) => {
    withNavigator({ sendBeacon } as Partial<Navigator>);
    sendBeaconBody(body, url);
    expect(fetches).toHaveBeenCalledWith(`/rum?t=${TOKEN}`, {
      method: 'POST',
      body,
      keepalive: true,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      credentials: 'same-origin',
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
