#!/usr/bin/env node
/**
 * Browser tests, in three engines, against the production build served as production serves it,
 * then the development loop against `npm start`.
 * 1. Finds the browsers (installing Debian's packages as root on Debian), builds
 *    (E2E_SKIP_BUILD=1 reuses the existing dist folders).
 * 2. Against `npm run serve` (the Node server):
 *    chromium  every test but the @every-engine visits (Chromium is required: without it the run stops);
 *    then one run of the other engines' projects, side by side (each drives one browser at a time):
 *    firefox   the @every-engine and @firefox tests, in Firefox ESR;
 *    webkit    the @every-engine tests, in WebKitGTK through WebDriver.
 *    A missing Firefox or WebKitGTK is left out with a one-line instruction.
 * 3. The @smoke tests again in Chromium against nginx with deploy/nginx's configuration, so the
 *    two servers cannot drift apart (skipped, with a warning, where nginx is missing and cannot be
 *    installed; E2E_NGINX=0 skips it on purpose).
 * 4. The development loop's tests (e2e/*.dev.spec.ts, playwright.dev.config.ts) against
 *    `npm start`: Fast Refresh, and `--against` with the builds of step 1 as the other environment.
 *    They edit source files and restore them; a file left changed fails the stage.
 * Every stage runs even when one before it failed; the summary gives each one's time.
 * Extra arguments go to one Playwright run in the engines found, instead of the stages:
 *   npm run test:e2e -- e2e/cart.spec.ts        npm run test:e2e -- --project webkit
 * `--dev` runs step 4 only (npm run test:dev), with any further arguments for Playwright.
 */
import { spawnSync } from 'node:child_process';
import { DEBIAN_PACKAGES, findChromium, findFirefox, findNginx, findWebKitGTK, installDebianPackages } from './system-packages.mjs';

const orInstall = (find, packages) => find() ?? (installDebianPackages(packages) ? find() : undefined);

const chromium = orInstall(findChromium, DEBIAN_PACKAGES.chromium);
if (!chromium) {
  console.error('[e2e] Chromium not found: install it (Debian: sudo apt-get install -y chromium) or set CHROME_PATH=/path/to/chrome.');
  process.exit(1);
}
const firefox = orInstall(findFirefox, DEBIAN_PACKAGES.firefox);
const webkit = orInstall(findWebKitGTK, DEBIAN_PACKAGES.webkit);

/** The engines' projects (playwright.config.ts), with what each needs in the environment. */
const engines = [
  { project: 'chromium', found: chromium, env: { CHROME_PATH: chromium } },
  {
    project: 'firefox',
    found: firefox,
    env: { FIREFOX_PATH: firefox },
    missing: 'Firefox not found: the firefox stage is skipped (Debian: sudo apt-get install -y firefox-esr, or set FIREFOX_PATH).',
  },
  {
    project: 'webkit',
    found: webkit,
    env: webkit && { WEBKIT_WEBDRIVER_PATH: webkit.driver, MINIBROWSER_PATH: webkit.browser, XVFB_RUN_PATH: webkit.xvfbRun },
    missing:
      'WebKitGTK not found: the webkit stage is skipped (Debian: sudo apt-get install -y webkit2gtk-driver xvfb xauth, or set WEBKIT_WEBDRIVER_PATH, MINIBROWSER_PATH and XVFB_RUN_PATH).',
  },
];
for (const { project, found, missing } of engines) {
  if (found)
    console.log(`[e2e] ${project}: ${typeof found === 'string' ? found : `${found.driver} + ${found.browser} (${found.xvfbRun})`}`);
  else console.warn(`[e2e] ${missing}`);
}
const available = engines.filter(({ found }) => found);
const engineEnv = Object.assign({}, ...available.map(({ env }) => env));

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const playwright = (args, env = {}) =>
  spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit', env: { ...process.env, ...engineEnv, ...env } }).status ?? 1;

/** The tracked files' changes (none in CI), to see that the development tests restored what they edited. */
const sourceChanges = () => spawnSync('git', ['diff', '--stat', 'HEAD'], { encoding: 'utf8' }).stdout ?? '';

function developmentLoop(args) {
  const before = sourceChanges();
  const status = playwright(['-c', 'playwright.dev.config.ts', ...args]);
  if (sourceChanges() !== before) {
    console.error(`[e2e] the development tests left source files changed:\n${sourceChanges()}`);
    return 1;
  }
  return status;
}

const extraArgs = process.argv.slice(2);
if (extraArgs[0] === '--dev') process.exit(developmentLoop(extraArgs.slice(1)));
if (extraArgs.length > 0) {
  const chooses = extraArgs.some((arg) => arg === '--project' || arg.startsWith('--project='));
  process.exit(playwright(chooses ? extraArgs : [...extraArgs, ...available.map(({ project }) => `--project=${project}`)]));
}

// Chromium, the longest stage by far, with two workers (a third of its time, measured on 2 cores).
// Firefox and WebKit in one run, two workers: each drives one browser at a time, and the run
// takes as long as the longer of the two instead of both.
const WORKERS = '--workers=2';
const stages = [{ name: 'chromium', run: () => playwright(['--project=chromium', WORKERS]) }];
const otherEngines = available.filter(({ project }) => project !== 'chromium').map(({ project }) => project);
if (otherEngines.length > 0)
  stages.push({ name: otherEngines.join('+'), run: () => playwright([...otherEngines.map((project) => `--project=${project}`), WORKERS]) });
if (process.env.E2E_NGINX !== '0') {
  const nginx = orInstall(findNginx, DEBIAN_PACKAGES.nginx);
  if (nginx)
    stages.push({
      name: 'nginx',
      note: ' (@smoke, served by nginx)',
      run: () => playwright(['--project=chromium', '--grep', '@smoke', WORKERS], { E2E_SERVER: 'nginx', NGINX_PATH: nginx }),
    });
  else console.warn('[e2e] nginx not found: the production-server stage is skipped (Debian: sudo apt-get install -y nginx).');
}
stages.push({ name: 'dev', note: ' (against npm start, playwright.dev.config.ts)', run: () => developmentLoop([]) });

const results = [];
for (const { name, note = '', run } of stages) {
  console.log(`\n[e2e] stage ${name}${note}`);
  const started = Date.now();
  const status = run();
  results.push({ name, status, seconds: Math.round((Date.now() - started) / 1000) });
}
console.log('\n[e2e] stages:');
for (const { name, status, seconds } of results)
  console.log(`[e2e]   ${name.padEnd(14)} ${status === 0 ? 'passed' : 'FAILED'}  ${seconds} s`);
for (const { project } of engines.filter(({ found }) => !found)) console.log(`[e2e]   ${project.padEnd(14)} skipped (not installed)`);
process.exit(results.find(({ status }) => status !== 0)?.status ?? 0);
