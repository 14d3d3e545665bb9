/**
 * A remote's manifest is another team's data: against remotes served over HTTP on this machine
 * (testing/fixtureRemote.ts), real-looking manifests made hostile are refused by `npm run remotes`'
 * check with the field they break, and a publish fetches nothing from an origin remotes.json does
 * not list: nothing from there is contacted, rendered or allowed by the page policy.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { remoteFileFetch } from '@maison/host/hosting';
import { hostileManifests, remoteManifest } from '../../../test/remoteManifest.ts';
import { inlineSource } from '../render/renderRecord.ts';
import { ENVIRONMENT_FILE } from '../environment/layout.ts';
import { fakeHostRenderer, fixtureShop, type FixtureShop } from '../testing/fixtures.ts';
import { elsewhereStyle, fixtureRemote, folderStyle, type FixtureRemote } from '../testing/fixtureRemote.ts';
import { publish } from './publish.ts';
import { checkBuild } from './verify.ts';

let remote: FixtureRemote;
beforeAll(async () => (remote = await fixtureRemote()));
afterAll(() => remote.close());

const check = (url: string) =>
  checkBuild('cart', url, {
    fetch: remoteFileFetch({ cart: [url] }, globalThis.fetch, { fileMs: 2000, totalMs: 5000 }),
    contract: '0.3.0',
  });

describe('checking a build before remotes.json names it', () => {
  it('accepts a build as `npm run build` makes it', async () => {
    expect(await check(remote.serve('good', remoteManifest()))).toEqual({ buildVersion: '0.1.0+45871a106b' });
  });

  it.each(hostileManifests('http://elsewhere.invalid').map(({ field }) => field))(
    'refuses a build whose manifest’s %s leads off it, naming the field, and contacts nothing there',
    async (field) => {
      const { change, says } = hostileManifests(remote.elsewhere).find((hostile) => hostile.field === field)!;
      const manifest = remoteManifest();
      change(manifest);
      const url = remote.serve(`hostile-${field.replace(/\W/g, '-')}`, manifest);
      const checked = await check(url);
      expect(remote.contacts()).toBe(0);
      expect(checked).toEqual({ problem: expect.stringContaining(`${url} was refused: ${field}: ${says}`) });
    },
  );

  it('refuses a manifest larger than a manifest may be', async () => {
    const manifest = { ...remoteManifest(), padding: 'x'.repeat(1024 * 1024) };
    const url = remote.serve('huge', manifest);
    expect(await check(url)).toEqual({ problem: `cart: ${url}: larger than the 1 MiB a manifest may be` });
  });
});

describe('a publish with a hostile manifest', () => {
  let shop: FixtureShop;
  beforeEach(() => (shop = fixtureShop()));
  afterEach(() => shop.cleanup());

  it('fetches nothing it names off its build: nothing from there is contacted, rendered or allowed', async () => {
    const manifest = remoteManifest('catalog');
    manifest.exposes[0]!.assets.css.sync[0] = `${remote.elsewhere}/catalog.css`;
    const catalog = remote.serve('catalog-hostile', manifest);
    const remotesFile = path.join(shop.env, ENVIRONMENT_FILE.remotes);
    writeFileSync(remotesFile, JSON.stringify({ ...JSON.parse(readFileSync(remotesFile, 'utf8')), catalog }));
    const renderer = fakeHostRenderer(shop, { readsManifest: true });
    const lines: string[] = [];

    const { generation } = await publish({ env: shop.env, hostDir: renderer.hostDir, doing: 'a test', log: (line) => lines.push(line) });

    expect(remote.contacts()).toBe(0);
    expect(generation.render.inline?.styles).not.toContain(inlineSource(elsewhereStyle));
    expect(generation.render.pages).not.toContain('/products');
    expect(generation.render.pages).toContain('/about');
    expect(generation.render.problems).toContain(
      `en /products: not rendered (a remote: ${remote.elsewhere}/catalog.css: is on no origin remotes.json lists (${remote.origin}, https://cdn.example.com, https://shop.example.com): not fetched); rendered in the browser`,
    );
  });

  it('carries a stylesheet from the manifest’s own build', async () => {
    const catalog = remote.serve('catalog-good', remoteManifest('catalog'));
    const remotesFile = path.join(shop.env, ENVIRONMENT_FILE.remotes);
    writeFileSync(remotesFile, JSON.stringify({ ...JSON.parse(readFileSync(remotesFile, 'utf8')), catalog }));
    const renderer = fakeHostRenderer(shop, { readsManifest: true });
    const { generation } = await publish({ env: shop.env, hostDir: renderer.hostDir, doing: 'a test', log: () => undefined });
    expect(generation.render.pages).toContain('/products');
    expect(generation.render.inline?.styles).toContain(inlineSource(folderStyle('catalog-good')));
    // The builds its pages run, as their beacons will name them: the host's, and each listed one read from its manifest.
    expect(generation.render.builds).toEqual({
      host: '0.1.0+test.1',
      remotes: expect.objectContaining({ catalog: [{ manifest: catalog, build: '0.1.0+45871a106b' }] }),
    });
  });
});
