/**
 * Serving and publishing under faults, on a shop of this test's own (ports 3300-3303, its own
 * environment folder), served the way the suite's stage serves: `npm run serve` (Node), or
 * `npm run serve:nginx` (nginx in front of the same answerer) when E2E_SERVER=nginx. Each fault
 * an operator or a team once hit is made to happen here, and the shop must ride it out.
 */
import type { ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { copyFileSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENT_FILE } from '@maison/deploy';
import { test, expect, policyOrigins } from './fixtures';
import { ownEnvironment } from './ownEnvironment';
import { deployCommand, serveBuild } from './servers';

const root = path.resolve(__dirname, '..');
const shop = ownEnvironment('publishing', 3300);
const { env, origins: SHOP, output } = shop;
const NEW_CART = 'http://localhost:3310/mf-manifest.json';
const NEW_ACCOUNT = 'http://localhost:3311/mf-manifest.json';
const HANGING = 'http://localhost:3312';
const NAVIGATION = { accept: 'text/html,application/xhtml+xml' };
const nginx = process.env.E2E_SERVER === 'nginx';

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const policyOf = async (url: string) => (await fetch(url, { headers: NAVIGATION })).headers.get('content-security-policy') ?? '';
const servedRemotes = async () => (await (await fetch(`${SHOP.host}/remotes.json`)).json()) as Record<string, unknown>;
const environmentRemotes = () => JSON.parse(readFileSync(path.join(env, ENVIRONMENT_FILE.remotes), 'utf8')) as Record<string, unknown>;

test.describe(`publishing under faults, ${nginx ? 'nginx in front of the answerer' : 'Node'} @smoke`, () => {
  test.describe.configure({ mode: 'serial' });
  const builds: ChildProcess[] = [];
  let hanging: Server;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Healthy new builds of two teams, each on an origin of its own.
    builds.push(await serveBuild({ build: path.join(root, 'remote-cart', 'dist'), port: 3310, remote: true }));
    builds.push(await serveBuild({ build: path.join(root, 'remote-account', 'dist'), port: 3311, remote: true }));
    // A cart whose manifest answers and whose other files never finish.
    const manifest = readFileSync(path.join(root, 'remote-cart', 'dist', 'mf-manifest.json'));
    hanging = createServer((request, response) => {
      if (request.url === '/mf-manifest.json') return void response.writeHead(200, { 'content-type': 'application/json' }).end(manifest);
      response.writeHead(200).write('// ');
    });
    await new Promise<void>((resolve) => hanging.listen(3312, resolve));
    await shop.start();
  });

  test.afterAll(async () => {
    await shop.remove();
    await Promise.all(builds.map(stop));
    hanging?.closeAllConnections();
    hanging?.close();
  });

  test('a team’s deploy is followed at once: the new cart runs under the policy, with nothing run by hand', async ({ page }) => {
    const set = await deployCommand('remotes', env, 'set', 'cart', NEW_CART);
    expect(set.status, set.output).toBe(0);
    await expect
      .poll(async () => policyOrigins(await policyOf(`${SHOP.host}/cart`), 'script-src'), { timeout: 1000 })
      .toBe(`'self' ${SHOP.catalog} ${SHOP.account} http://localhost:3310`);
    const fromNewCart: string[] = [];
    page.on('request', (request) => request.url().startsWith('http://localhost:3310/') && fromNewCart.push(request.url()));
    await page.goto(`${SHOP.host}/cart`);
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
    expect(fromNewCart).toContain('http://localhost:3310/remoteEntry.js');
    // The fixture fails the test on any Content-Security-Policy violation.
  });

  test('two publishes at once, for two teams: both land, in remotes.json and in what is served', async () => {
    const [cart, account] = await Promise.all([
      deployCommand('remotes', env, 'set', 'cart', `${SHOP.cart}/mf-manifest.json`),
      deployCommand('remotes', env, 'set', 'account', NEW_ACCOUNT),
    ]);
    expect([cart.status, account.status], `${cart.output}\n${account.output}`).toEqual([0, 0]);
    expect(`${cart.output}${account.output}`).toMatch(/\[publish\] waiting for "npm run remotes -- set (cart|account)/);
    const both = { cart: `${SHOP.cart}/mf-manifest.json`, account: NEW_ACCOUNT };
    expect(environmentRemotes()).toMatchObject(both);
    await expect.poll(servedRemotes, { timeout: 1000 }).toMatchObject(both);
  });

  test('a remote whose files never finish: the publish ends, names the remote and the URL, and changes nothing', async () => {
    test.setTimeout(60_000);
    const before = environmentRemotes();
    const set = await deployCommand('remotes', env, 'set', 'cart', `${HANGING}/mf-manifest.json`);
    expect(set.status).toBe(1);
    expect(set.output).toContain(`cart: ${HANGING}/remoteEntry.js: no answer within 15 s`);
    expect(environmentRemotes()).toEqual(before);
  });

  test('an entry that would open the policy is refused, even unverified', async () => {
    for (const entry of ['https://*/mf-manifest.json', "https://cdn.example.com;script-src 'unsafe-inline'/mf-manifest.json"]) {
      const set = await deployCommand('remotes', env, 'set', 'cart', entry, '--no-verify');
      expect(set.status, set.output).toBe(1);
      expect(set.output).toMatch(/not written, cart would not load:\n.*("cart" entry .*(has a host the policy cannot name|is not a URL))/);
    }
    expect(await policyOf(`${SHOP.host}/`)).not.toMatch(/\*|unsafe/);
  });

  test('a broken generation never takes the shop down: files are served, pages come from the last good one, a restart starts', async () => {
    test.setTimeout(120_000);
    const current = path.join(env, ENVIRONMENT_FILE.current);
    const lastGood = await servedRemotes();
    const mainScript = /"(\/main\.[0-9a-f]{10}\.js)"/.exec(await (await fetch(`${SHOP.host}/`, { headers: NAVIGATION })).text())?.[1];
    expect(mainScript).toBeDefined();
    // A publish that cut render.json short (a crash, a full disk), then one that lost remotes.json.
    const published = await deployCommand('remotes', env, 'set', 'account', `${SHOP.account}/mf-manifest.json`);
    expect(published.status, published.output).toBe(0);
    const renderJson = path.join(current, 'render.json');
    writeFileSync(renderJson, readFileSync(renderJson, 'utf8').slice(0, 80));
    for (const broken of ['render.json cut short', 'remotes.json missing']) {
      if (broken === 'remotes.json missing') {
        copyFileSync(path.join(current, 'remotes.json'), path.join(env, '..', 'remotes.json.lost'));
        unlinkSync(path.join(current, 'remotes.json'));
      }
      await expect.poll(servedRemotes, { timeout: 1000, message: broken }).toEqual(lastGood);
      for (const app of ['host', 'catalog', 'cart', 'account'] as const) {
        const file = app === 'host' ? mainScript! : '/mf-manifest.json';
        expect((await fetch(`${SHOP[app]}${file}`)).status, `${broken}: ${app}${file}`).toBe(200);
      }
      const about = await fetch(`${SHOP.host}/about`, { headers: NAVIGATION });
      expect(about.status, broken).toBe(200);
      expect(await about.text(), `${broken}: the page as rendered`).toContain('<main');
    }
    // One line says what is wrong, as soon as a request meets it.
    await expect
      .poll(async () => (await fetch(`${SHOP.host}/remotes.json`), output.join('\n')), { timeout: 2000 })
      .toMatch(/cannot be served \(remotes\.json cannot be read \(ENOENT\)\); serving generation \S+, the last good one before it/);

    // Restarted on the broken environment, serving it as it is: it starts, and says what is wrong.
    await shop.start('--no-publish');
    expect(output.join('\n')).toMatch(/cannot be served/);
    expect(await servedRemotes()).toEqual(lastGood);

    // The next publish mends it: the environment's remotes.json, as it was meant, is served again.
    const mended = await deployCommand('publish', env);
    expect(mended.status, mended.output).toBe(0);
    await expect.poll(servedRemotes, { timeout: 1000 }).toMatchObject({ account: `${SHOP.account}/mf-manifest.json` });
  });

  test('a rollback is one command, and the servers follow it', async () => {
    const set = await deployCommand('remotes', env, 'set', 'account', NEW_ACCOUNT);
    expect(set.status, set.output).toBe(0);
    await expect.poll(servedRemotes, { timeout: 1000 }).toMatchObject({ account: NEW_ACCOUNT });
    const back = await deployCommand('rollback', env);
    expect(back.status, back.output).toBe(0);
    await expect.poll(servedRemotes, { timeout: 1000 }).toMatchObject({ account: `${SHOP.account}/mf-manifest.json` });
    expect(environmentRemotes()).toMatchObject({ account: `${SHOP.account}/mf-manifest.json` });
  });

  test('hostile paths are answered, each at the cost of its length', async () => {
    expect((await fetch(`${SHOP.host}/${'/'.repeat(15_000)}`, { headers: NAVIGATION })).status).toBe(414);
    // Four connections' worth of the longest paths the servers read: every one answered, the shop with them.
    const hostile = Array.from({ length: 200 }, (_, index) =>
      fetch(`${SHOP.host}/products${'/'.repeat(7900)}${index}`, { headers: NAVIGATION }).then((answer) => answer.status),
    );
    const shopper = fetch(`${SHOP.host}/products/hoi-an-handkerchief`, { headers: NAVIGATION });
    expect(new Set(await Promise.all(hostile))).toEqual(new Set([404]));
    expect((await shopper).status).toBe(200);
  });
});
