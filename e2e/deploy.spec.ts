/**
 * Independent delivery, as a team does it: build a changed copy of one remote, serve it on
 * its own origin, point remotes.json at it with `npm run remotes`, and see the running host
 * (never rebuilt) pick it up. Then the bad deploys: a broken build first in the list, and a
 * build that needs a newer @maison/shared than the page provides. The shopper always gets
 * the good build; on-call sees in the console which one was used and why.
 *
 * The copy is remote-account with one visible text changed, built into .e2e-deploy/ (one
 * small production build). The host is this checkout's production build, served by the
 * same rules as `npm run serve`, with its own remotes.json.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ConsoleMessage, Page } from '@playwright/test';
import { test, expect, REMOTE_ORIGINS } from './fixtures';
import { deployCommand, serveBuild } from './servers';
import { ENVIRONMENT_FILE, LOCAL_ENVIRONMENT_DIR } from '@maison/deploy';

const root = path.resolve(__dirname, '..');
const work = path.join(root, '.e2e-deploy');
const remotesFile = path.join(work, 'remotes.json');
const NEW_HEADING = 'My Account (new build)';
const NEW_BUILD_VERSION = '0.1.0+e2e-new-build';
/** The @maison/shared this checkout's host provides, and the minor after it (a contract the host does not have yet). */
const SHARED_VERSION = (JSON.parse(readFileSync(path.join(root, 'shared', 'package.json'), 'utf8')) as { version: string }).version;
const NEXT_SHARED_MINOR = SHARED_VERSION.replace(
  /^(\d+)\.(\d+)\..*$/,
  (_match, major: string, minor: string) => `${major}.${Number(minor) + 1}.0`,
);
const HOST = 'http://localhost:3100';
const ACCOUNT = {
  broken: { port: 3101, dir: path.join(work, 'account-broken') },
  newBuild: { port: 3102, dir: path.join(work, 'remote-account', 'dist') },
  newerContract: { port: 3103, dir: path.join(work, 'account-newer-contract') },
};
const manifestOf = (port: number) => `http://localhost:${port}/mf-manifest.json`;

/** remote-account with one text changed, built as its team would build it. */
function buildChangedAccountRemote(): number {
  const started = Date.now();
  rmSync(work, { recursive: true, force: true });
  const copy = path.join(work, 'remote-account');
  mkdirSync(copy, { recursive: true });
  // The copy sits one folder below .e2e-deploy, as the real remote sits below the repository.
  writeFileSync(path.join(work, 'webpack.common.ts'), "export * from '../webpack.common';\n");
  for (const entry of ['src', 'package.json', 'webpack.config.ts'])
    cpSync(path.join(root, 'remote-account', entry), path.join(copy, entry), { recursive: true });
  const messages = path.join(copy, 'src', 'messages.ts');
  const source = readFileSync(messages, 'utf8');
  expect(source).toContain("myAccount: 'My Account',");
  writeFileSync(messages, source.replace("myAccount: 'My Account',", `myAccount: '${NEW_HEADING}',`));

  const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production'], {
    cwd: copy,
    env: { ...process.env, NODE_OPTIONS: '--import=tsx', MF_BUILD_VERSION: NEW_BUILD_VERSION },
    encoding: 'utf8',
  });
  expect(build.status, `${build.stdout}\n${build.stderr}`).toBe(0);
  return Date.now() - started;
}

/** Two bad deploys made from the good one: an entry that throws, a manifest that needs the next minor of @maison/shared. */
function makeBadDeploys() {
  cpSync(ACCOUNT.newBuild.dir, ACCOUNT.broken.dir, { recursive: true });
  writeFileSync(path.join(ACCOUNT.broken.dir, 'remoteEntry.js'), "throw new Error('e2e: this deploy is broken');\n");

  cpSync(ACCOUNT.newBuild.dir, ACCOUNT.newerContract.dir, { recursive: true });
  const manifestFile = path.join(ACCOUNT.newerContract.dir, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as {
    shared: Array<{ name: string; version: string; requiredVersion: string }>;
  };
  const contract = manifest.shared.find(({ name }) => name === '@maison/shared');
  expect(contract?.version).toBe(SHARED_VERSION);
  Object.assign(contract!, { version: NEXT_SHARED_MINOR, requiredVersion: NEXT_SHARED_MINOR });
  writeFileSync(manifestFile, JSON.stringify(manifest));
}

/** `npm run remotes -- …` against this test's environment; resolves with its output and exit status. */
const remotes = (...args: string[]) => deployCommand('remotes', work, ...args);

function federationConsole(page: Page) {
  const lines: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.text().startsWith('[federation]')) lines.push(message.text());
  });
  return lines;
}

async function accountStatus(page: Page) {
  return page.evaluate(() => window.__MAISON_FEDERATION__?.remotes.account);
}

test.describe('deploying one remote without the host', () => {
  test.describe.configure({ mode: 'serial' });
  // The broken deploy's entry throws as it runs: the page sees that error, the shopper does not.
  test.use({ expectedPageErrors: [/e2e: this deploy is broken/] });
  const servers: ChildProcess[] = [];
  let buildMs = 0;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    buildMs = buildChangedAccountRemote();
    makeBadDeploys();
    writeFileSync(remotesFile, readFileSync(path.join(root, LOCAL_ENVIRONMENT_DIR, ENVIRONMENT_FILE.remotes)));
    writeFileSync(path.join(work, ENVIRONMENT_FILE.site), JSON.stringify({ origin: HOST }));
    servers.push(await serveBuild({ build: path.join(root, 'host', 'dist'), port: 3100, env: work }));
    for (const { port, dir } of Object.values(ACCOUNT)) servers.push(await serveBuild({ build: dir, port, remote: true }));
    console.log(`[deploy test] changed remote-account built in ${(buildMs / 1000).toFixed(1)} s`);
  });

  test.afterAll(() => {
    servers.forEach((server) => server.kill());
    if (existsSync(work)) rmSync(work, { recursive: true, force: true });
  });

  test('a new build of one remote goes live on the next page load, without a host build', async ({ page }) => {
    await page.goto(`${HOST}/profile`);
    await expect(page.getByRole('heading', { name: 'My Account', exact: true, level: 1 })).toBeVisible();

    const set = await remotes('set', 'account', manifestOf(ACCOUNT.newBuild.port));
    expect(set.status, set.output).toBe(0);
    expect(set.output).toContain(`ok ${manifestOf(ACCOUNT.newBuild.port)} (build ${NEW_BUILD_VERSION})`);

    await page.reload();
    await expect(page.getByRole('heading', { name: NEW_HEADING, level: 1 })).toBeVisible();
    await expect
      .poll(() => accountStatus(page))
      .toMatchObject({
        state: 'loaded',
        url: manifestOf(ACCOUNT.newBuild.port),
        buildVersion: NEW_BUILD_VERSION,
        fallback: false,
      });
    // The rest of the shop is untouched.
    await page.getByRole('link', { name: /^Cart/ }).click();
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  });

  test('a broken deploy first in the list: the shopper gets the next build, on-call reads why', async ({ page }) => {
    const set = await remotes('set', 'account', manifestOf(ACCOUNT.broken.port), manifestOf(ACCOUNT.newBuild.port), '--no-verify');
    expect(set.status, set.output).toBe(0);
    const logged = federationConsole(page);

    await page.goto(`${HOST}/profile`);
    await expect(page.getByRole('heading', { name: NEW_HEADING, level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'This section is temporarily unavailable' })).toHaveCount(0);
    // The page arrives rendered (from the next build, as the publish found it): its heading shows
    // before its scripts have tried the list; they end on the same build.
    await expect.poll(() => accountStatus(page)).toMatchObject({ state: 'loaded', url: manifestOf(ACCOUNT.newBuild.port), fallback: true });
    expect((await accountStatus(page))?.failures.map(({ url }) => url)).toEqual([manifestOf(ACCOUNT.broken.port)]);
    await expect.poll(() => logged.join('\n')).toContain(`account: using ${manifestOf(ACCOUNT.newBuild.port)} (entry 2 in remotes.json)`);
    expect(logged.join('\n')).toContain(`account: ${manifestOf(ACCOUNT.broken.port)} could not be loaded`);
  });

  test('a build that needs a newer @maison/shared is refused, by npm run remotes and by the page', async ({ page }) => {
    const refused = await remotes('set', 'account', manifestOf(ACCOUNT.newerContract.port));
    expect(refused.status).toBe(1);
    expect(refused.output).toContain(`built against @maison/shared ${NEXT_SHARED_MINOR}, this page provides ${SHARED_VERSION}`);

    // Written anyway (--no-verify checks only the URLs' form): the page refuses it too.
    const set = await remotes('set', 'account', manifestOf(ACCOUNT.newerContract.port), manifestOf(ACCOUNT.newBuild.port), '--no-verify');
    // Live, with the account's routes rendered in the browser: the command says so (exit 2).
    expect(set.status, set.output).toBe(2);
    const logged = federationConsole(page);
    await page.goto(`${HOST}/profile`);
    await expect(page.getByRole('heading', { name: NEW_HEADING, level: 1 })).toBeVisible();
    await expect
      .poll(() => logged.join('\n'))
      .toContain(
        `account: ${manifestOf(ACCOUNT.newerContract.port)} could not be loaded: ${manifestOf(ACCOUNT.newerContract.port)} was refused: built against @maison/shared ${NEXT_SHARED_MINOR}, this page provides ${SHARED_VERSION}`,
      );
    // Refused before it ran: none of that build's page code was requested (its entry only by the
    // preload hint of the page, which is rendered in the browser: the publish renders a page from
    // first choices only, and this one was refused), which downloads without running.
    const requested = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map(
        ({ name, initiatorType }) => `${initiatorType} ${name}`,
      ),
    );
    const fromRefused = requested.filter((entry) => entry.includes(`//localhost:${ACCOUNT.newerContract.port}/`));
    expect(fromRefused.sort()).toEqual([
      `link ${manifestOf(ACCOUNT.newerContract.port)}`,
      `link http://localhost:${ACCOUNT.newerContract.port}/remoteEntry.js`,
    ]);
  });

  test('when every entry fails, the area shows Retry and the rest of the shop works', async ({ page }) => {
    const set = await remotes('set', 'account', manifestOf(ACCOUNT.broken.port), '--no-verify');
    expect(set.status, set.output).toBe(0);
    await page.goto(`${HOST}/profile`);
    await expect(page.getByRole('region', { name: 'This section is temporarily unavailable' })).toBeVisible();
    await page.getByRole('link', { name: 'Products', exact: true }).first().click();
    await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible();
  });

  test('a mistyped remotes.json entry is refused by npm run remotes and reported by the page', async ({ page }) => {
    const typo = await remotes('set', 'account', 'http://localhost:3102/remoteEntry.js');
    expect(typo.status).toBe(1);
    expect(typo.output).toContain('is not a federation manifest');
    const wrongRemote = await remotes('set', 'account', `${REMOTE_ORIGINS.cart}/mf-manifest.json`);
    expect(wrongRemote.status).toBe(1);
    expect(wrongRemote.output).toContain('it is the manifest of "cart", not of "account"');

    // A hand edit that skipped the script, published as it is (npm run render): the page names the
    // remote and the bad value.
    writeFileSync(
      remotesFile,
      JSON.stringify({
        catalog: `${REMOTE_ORIGINS.catalog}/mf-manifest.json`,
        cart: `${REMOTE_ORIGINS.cart}/mf-manifest.json`,
        acount: `${REMOTE_ORIGINS.account}/mf-manifest.json`,
      }),
    );
    const published = await deployCommand('publish', work);
    // Live, the account's routes rendered in the browser (it names no build of it): exit 2 says so.
    expect(published.status, published.output).toBe(2);
    const logged = federationConsole(page);
    await page.goto(`${HOST}/profile`);
    await expect(page.getByRole('region', { name: 'This section is temporarily unavailable' })).toBeVisible();
    await expect.poll(() => logged.join('\n')).toContain('/remotes.json: unknown remote "acount" (known: catalog, cart, account)');
    expect(logged.join('\n')).toContain('/remotes.json: "account" has no usable manifest URL');
  });
});
