/**
 * Starting a canary is refused, with what to do, before anything is published: against a small
 * shop on disk (testing/fixtures.ts), whose remotes.json lists the cart at two addresses.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENT_FILE } from '../environment/layout.ts';
import { remoteManifest } from '../../../test/remoteManifest.ts';
import { fixtureShop, REMOTES, renderRecord, writeGeneration, type FixtureShop } from '../testing/fixtures.ts';
import { startCanary, type CanaryRequest } from './rolloutCommands.ts';
import { readRollout } from '../environment/rolloutRecord.ts';

let shop: FixtureShop;
beforeEach(() => (shop = fixtureShop()));
afterEach(() => shop.cleanup());

const start = (request: Partial<CanaryRequest>) =>
  startCanary(
    {
      env: shop.env,
      hostDir: path.dirname(shop.hostDist),
      contract: '1.0.0',
      doing: 'rolloutCommands.test',
      render: false,
      network: async () => new Response('not here', { status: 404 }),
    },
    { remote: 'cart', entries: ['https://cdn.example.com/cart/3/mf-manifest.json'], share: 5, ...request },
  );

test.each([
  [{ remote: 'shoes' }, 'shoes is not a remote: catalog, cart, account'],
  [{ share: 100 }, 'the share is a percent from 0 (testers only) to below 100, not 100'],
  [{ share: -1 }, 'the share is a percent from 0 (testers only) to below 100, not -1'],
  [{ steps: [25, 5] }, 'the steps are rising percents up to 100, not 25,5'],
  [{ steps: [50, 150] }, 'the steps are rising percents up to 100, not 50,150'],
  [{ entries: ['ftp://cdn.example.com/cart/3/mf-manifest.json'] }, /"cart" entry "ftp:\/\/cdn\.example\.com\/cart\/3\/mf-manifest\.json"/],
  [{ entries: [REMOTES.cart[0]!] }, `${REMOTES.cart[0]} is cart's address now: a canary needs an address of its own`],
  // Past every check of its form (the other remotes' entries play no part): its build is fetched, over the context's network.
  [
    { entries: ['https://cdn.example.com/cart/3/mf-manifest.json'] },
    'the canary would not load: https://cdn.example.com/cart/3/mf-manifest.json: HTTP 404',
  ],
])('%j is refused: %s', async (request, message) => {
  const remotesBefore = readFileSync(path.join(shop.env, ENVIRONMENT_FILE.remotes), 'utf8');
  await expect(start(request)).rejects.toThrow(message);
  expect(readFileSync(path.join(shop.env, ENVIRONMENT_FILE.remotes), 'utf8')).toBe(remotesBefore);
  expect(readRollout(shop.env)).toBeUndefined();
});

test('a remote with no entry yet is set first, not canaried', async () => {
  writeFileSync(path.join(shop.env, ENVIRONMENT_FILE.remotes), JSON.stringify({ cart: REMOTES.cart }));
  await expect(start({ remote: 'account', entries: ['https://cdn.example.com/account/2/mf-manifest.json'] })).rejects.toThrow(
    'account has no entry in remotes.json yet: set it first (npm run remotes -- set)',
  );
  expect(readRollout(shop.env)).toBeUndefined();
});

describe('a canary build that loads', () => {
  // remoteManifest's build, as `npm run build` makes it, served with every file it names.
  const CANARY = 'https://cdn.example.com/cart/3/mf-manifest.json';
  const BUILD = '0.1.0+45871a106b';
  const network = async (input: RequestInfo | URL) =>
    String(input) === CANARY ? Response.json(remoteManifest('cart', '1.0.0')) : new Response('// a script');
  const startLoading = () =>
    startCanary(
      { env: shop.env, hostDir: path.dirname(shop.hostDist), contract: '1.0.0', doing: 'rolloutCommands.test', render: false, network },
      { remote: 'cart', entries: [CANARY], share: 5 },
    );
  const servedCart = (build: string) =>
    writeGeneration(shop.env, '20261129-000000-000', {
      render: renderRecord({ builds: { host: '0.1.0+test.1', remotes: { cart: [{ manifest: REMOTES.cart[0]!, build }] } } }),
    });

  test('is refused while the build served now is not known', async () => {
    await expect(startLoading()).rejects.toThrow("cart's build served now is not known (publish first: npm run render)");
    expect(readRollout(shop.env)).toBeUndefined();
  });

  test('is refused when it is the build served now: nothing to compare', async () => {
    servedCart(BUILD);
    await expect(startLoading()).rejects.toThrow(`${CANARY} is build ${BUILD}, the one served now: nothing to compare`);
    expect(readRollout(shop.env)).toBeUndefined();
  });
});
