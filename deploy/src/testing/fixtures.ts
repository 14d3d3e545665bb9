/**
 * A small shop on disk for the deploy tests: a host build and a remote build (a few real-looking
 * files, the real route table), an environment folder, and generations written as a publish
 * writes them. Nothing here is shipped.
 */
import { inlineSource } from '../render/renderRecord.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { servedRoutes, SHOWN_TEXT_INCLUDE } from '@maison/host/hosting';
import { HOST_BUILD_FILES, type RenderRecord, type RolloutRecord } from '@maison/host/contract';
import { ENVIRONMENT_FILE, GENERATION_FILE, notFoundFileOf, pageFileOf } from '../environment/layout.ts';
import { replaceSymlink } from '../environment/durable.ts';

export const HOST_BUILD = '0.1.0+test.1';
export const SHELL =
  '<!doctype html><html lang="en"><head><title>Maison Khăn</title></head><body><div id="root"><div class="mk-app-shell" aria-hidden="true"></div></div></body></html>';
export const REMOTES = {
  catalog: 'http://localhost:3001/mf-manifest.json',
  cart: ['https://cdn.example.com/cart/2/mf-manifest.json', 'https://cdn.example.com/cart/1/mf-manifest.json'],
  account: '/account/mf-manifest.json',
};
export const PRODUCTS = ['/products/hoi-an-handkerchief', '/products/dragon-bridge-handkerchief'];

/** A page as the renderer writes it, saying which it is. */
export const pageHtml = (language: string, name: string, extra = '') =>
  `<!doctype html><html lang="${language}"><head><title>${name} (${language})</title></head><body><div id="root" data-rendered><main>${name}${extra}</main>${FOOTER}</div></body></html>`;
/** A page's worth of text beside what says which page it is (a real page is a few kilobytes). */
const FOOTER = `<footer>${'Maison Khăn, handkerchiefs and scarves from Hà Nội. '.repeat(24)}</footer>`;

export type FixtureShop = ReturnType<typeof fixtureShop>;

function write(file: string, content: string | Buffer) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

export function fixtureShop() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'maison-deploy-'));
  const hostDist = path.join(root, 'host', 'dist');
  const remoteDist = path.join(root, 'remote-catalog', 'dist');
  const env = path.join(root, 'environment');
  const script = `/* the shop */\n${'console.log("Maison Khăn");\n'.repeat(200)}`;
  write(path.join(hostDist, 'index.html'), SHELL);
  write(path.join(hostDist, 'main.0123456789.js'), script);
  write(path.join(hostDist, 'main.0123456789.js.map'), '{"version":3}');
  write(path.join(hostDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(path.join(hostDist, '.env'), 'SECRET=1');
  write(path.join(hostDist, HOST_BUILD_FILES.routes), JSON.stringify(servedRoutes()));
  write(
    path.join(hostDist, HOST_BUILD_FILES.shell),
    JSON.stringify({ hostBuild: HOST_BUILD, version: HOST_BUILD, headTags: [], bootScript: 'start()', stylesheets: {} }),
  );
  write(path.join(remoteDist, 'mf-manifest.json'), JSON.stringify({ name: 'catalog' }));
  write(path.join(remoteDist, 'mf-manifest-stats.json'), JSON.stringify({ source: '/home/builder/remote-catalog/src/index.ts' }));
  write(path.join(remoteDist, 'remoteEntry.js'), script);
  write(path.join(remoteDist, 'chunk.abcdef0123.js'), script);
  write(path.join(remoteDist, 'images', 'hoi-an.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write(path.join(env, ENVIRONMENT_FILE.remotes), JSON.stringify(REMOTES));
  write(path.join(env, ENVIRONMENT_FILE.site), JSON.stringify({ origin: 'https://shop.example.com' }));
  return { root, hostDist, remoteDist, env, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** A rendered record as a publish writes it (every public page of the fixture, both languages). */
/** A running rollout of the cart at 5 %, its canary `0.2.0+new` against `0.1.0+old`. */
export function rolloutRecord(overrides: Partial<RolloutRecord> = {}): RolloutRecord {
  return {
    id: '20261126T170000-ab12',
    remote: 'cart',
    state: 'running',
    share: 5,
    steps: [5, 25, 50, 100],
    canary: ['https://canary.example/mf-manifest.json'],
    stable: ['https://cart.example/mf-manifest.json'],
    canaryBuild: '0.2.0+new',
    stableBuild: '0.1.0+old',
    startedAt: '2026-11-26T17:00:00.000Z',
    stepStartedAt: '2026-11-26T17:00:00.000Z',
    ...overrides,
  };
}

export function renderRecord(overrides: Partial<RenderRecord> = {}): RenderRecord {
  const pages = ['/', '/products', ...PRODUCTS, '/about', '/contact'];
  return {
    hostBuild: HOST_BUILD,
    origin: 'https://shop.example.com',
    renderedAt: '2026-11-24T00:00:00.000Z',
    languages: ['en', 'vi'],
    remotes: { catalog: REMOTES.catalog },
    listed: pages,
    pages,
    notFoundPages: ['not-found', 'product-not-found'],
    redirects: { '/product/2': '/products/hoan-kiem-lake-handkerchief?variant=2' },
    unlistedRemotes: [],
    kept: [],
    problems: [],
    // The fixture's boot script (its page-shell.json), the one code its pages carry.
    inline: { scripts: [inlineSource('start()')], styles: [] },
    ...overrides,
  };
}

/**
 * Writes generation `id` as a publish would (its pages saying which they are), and points
 * `current` at it unless `current` is false. Returns its folder.
 */
export function writeGeneration(
  env: string,
  id: string,
  { render = renderRecord(), remotesJson = JSON.stringify(REMOTES), current = true } = {},
) {
  const dir = path.join(env, ENVIRONMENT_FILE.generations, id);
  write(path.join(dir, GENERATION_FILE.remotes), remotesJson);
  write(path.join(dir, GENERATION_FILE.render), JSON.stringify(render));
  write(path.join(dir, GENERATION_FILE.sitemap), `<?xml version="1.0"?><urlset><!-- ${id} --></urlset>\n`);
  write(path.join(dir, GENERATION_FILE.robots), `Sitemap: https://shop.example.com/sitemap.xml\n`);
  for (const language of render.languages) {
    for (const page of render.pages) write(path.join(dir, 'pages', language, pageFileOf(page)!), pageHtml(language, `${page} ${id}`));
    for (const page of render.notFoundPages)
      write(path.join(dir, 'pages', language, notFoundFileOf(page)), pageHtml(language, `${page} ${id}`, ` ${SHOWN_TEXT_INCLUDE}`));
  }
  if (current) replaceSymlink(path.join(env, ENVIRONMENT_FILE.current), path.join(ENVIRONMENT_FILE.generations, id));
  return dir;
}

/** How the fake renderer behaves: pages that fail, pages it renders cut short, whether its list fails. */
export interface RendererBehaviour {
  failing?: string[];
  hanging?: string[];
  cutShort?: string[];
  /** The catalogue's list cannot be loaded (a string: why, as a renderer says it). */
  listFails?: boolean | string;
  /** More of what the catalogue lists: paths and redirects as a remote's server build gives them. */
  listed?: { paths?: unknown[]; redirects?: Record<string, unknown> };
  /**
   * Each page of the catalogue reads its manifest and the stylesheet its first module names,
   * through the fetch the publish gives the renderer, and carries that stylesheet inline.
   */
  readsManifest?: boolean;
  throwsOnStart?: boolean;
  /** Each page takes this long. */
  delayMs?: number;
}

/**
 * The host's renderer as a publish loads it (dist/page-shell.json, dist/routes.json,
 * dist-server/render.cjs), rendering each page as a line that says which page and which
 * catalogue build it is, and behaving as `behaviour.json` beside it says.
 */
export function fakeHostRenderer(shop: FixtureShop, behaviour: RendererBehaviour = {}) {
  const hostDir = path.dirname(shop.hostDist);
  const behaviourFile = path.join(hostDir, HOST_BUILD_FILES.rendererDir, 'behaviour.json');
  write(behaviourFile, JSON.stringify(behaviour));
  write(
    path.join(hostDir, HOST_BUILD_FILES.rendererDir, HOST_BUILD_FILES.renderer),
    `const { readFileSync } = require('node:fs');
const behaviour = () => JSON.parse(readFileSync(${JSON.stringify(behaviourFile)}, 'utf8'));
const page = (language, name, catalog, whole) =>
  '<!doctype html><html lang="' + language + '"><head><title>' + name + '</title></head><body><div id="root" data-rendered><main>' +
  name + ' from ' + catalog + '</main></div>' + (whole ? '</body></html>' : '');
exports.createPageRenderer = async ({ remotesJson, origin, shell, limits }) => {
  if (behaviour().throwsOnStart) throw new Error('the renderer cannot start');
  const remotes = JSON.parse(remotesJson);
  // Its remote files as the real renderer fetches them: the host's checks, within the limits it is given.
  const hosting = require(${JSON.stringify(require.resolve('@maison/host/hosting'))});
  const contract = require(${JSON.stringify(require.resolve('@maison/host/contract'))});
  const read = contract.parseRemotesJson(remotes, { names: ['catalog', 'cart', 'account'], base: origin + '/' });
  const fetch = hosting.remoteFileFetch(read.locations, globalThis.fetch, limits);
  const catalog = [].concat(remotes.catalog)[0];
  const catalogStyle = async () => {
    const manifest = await (await fetch(catalog)).json();
    return (await fetch(new URL(manifest.exposes[0].assets.css.sync[0], catalog).href)).text();
  };
  const render = async (name, language) => {
    const now = behaviour();
    if (now.delayMs) await new Promise((resolve) => setTimeout(resolve, now.delayMs));
    if ((now.hanging || []).includes(name)) return new Promise(() => {});
    if ((now.failing || []).includes(name)) return { reason: 'catalog/ProductDetailPage could not be loaded' };
    const style = now.readsManifest && name.startsWith('/products') ? await catalogStyle() : '[data-page="' + name + '"]{color:red}';
    const inline = { scripts: [shell.bootScript], styles: [style] };
    return { html: page(language, name, catalog, !(now.cutShort || []).includes(name)), remotes: { catalog }, inline };
  };
  return {
    languages: ['en', 'vi'],
    problems: [],
    async publicPages() {
      const now = behaviour();
      if (now.listFails)
        return { paths: ['/', '/products', '/about', '/contact'], redirects: {}, unavailable: ['catalog'], why: typeof now.listFails === 'string' ? { catalog: now.listFails } : {} };
      const listed = now.listed || {};
      return {
        paths: ['/', '/products', ${PRODUCTS.map((p) => `'${p}'`).join(', ')}, '/about', '/contact', ...(listed.paths || [])],
        redirects: { '/product/2': '/products/hoan-kiem-lake-handkerchief?variant=2', ...(listed.redirects || {}) },
        unavailable: [],
      };
    },
    render,
    renderNotFound: render,
  };
};
`,
  );
  return { hostDir, behave: (next: RendererBehaviour) => write(behaviourFile, JSON.stringify(next)) };
}
