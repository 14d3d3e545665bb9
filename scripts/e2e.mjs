#!/usr/bin/env node
/**
 * Browser tests in three engines against the production build, then the dev loop against `npm start`.
 * Extra arguments go to one Playwright run instead of the stages; `--dev` runs the dev-loop stage only.
 */
// Why: docs/decisions/build-and-render.md#e2e-stages
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumSkip, firefoxDriver, readVersion } from './browser-drivers.mjs';
import { fail } from '@maison/deploy/cli';
import { findNginx } from '@maison/deploy/serve';
import { DEBIAN_PACKAGES, findChromium, findFirefox, findPrometheus, findWebKitGTK, installDebianPackages } from './system-packages.mjs';

const orInstall = (find, packages) => find() ?? (installDebianPackages(packages) ? find() : undefined);

const chromium = orInstall(findChromium, DEBIAN_PACKAGES.chromium);
if (!chromium) fail('e2e', 'Chromium not found: install it (Debian: sudo apt-get install -y chromium) or set CHROME_PATH=/path/to/chrome.');
const firefox = orInstall(findFirefox, DEBIAN_PACKAGES.firefox);
const webkit = orInstall(findWebKitGTK, DEBIAN_PACKAGES.webkit);
// The observability tests start a real Prometheus to scrape the servers (e2e/prometheus.ts).
const prometheus = orInstall(findPrometheus, DEBIAN_PACKAGES.prometheus);
if (prometheus) process.env.PROMETHEUS_PATH = prometheus;
else console.warn('[e2e] Prometheus not found: the observability tests are skipped (Debian: sudo apt-get install -y prometheus).');

const chromiumVersion = readVersion(chromium);
const firefoxVersion = firefox && readVersion(firefox);
const firefoxPlan = firefox && firefoxDriver(firefoxVersion, process.env.E2E_FIREFOX_DRIVER || undefined);
if (firefoxPlan?.error) fail('e2e', firefoxPlan.error);
const versionOf = (version) => version?.text ?? '(version unknown)';

/** The engines' projects (playwright.config.ts), with what each needs in the environment and why one is left out. */
const engines = [
  {
    project: 'chromium',
    found: chromium,
    skipped: chromiumSkip(chromiumVersion),
    env: { CHROME_PATH: chromium },
    ranIn: `Chromium ${versionOf(chromiumVersion)} (Playwright)`,
  },
  {
    project: 'firefox',
    found: firefox,
    skipped: firefoxPlan?.skip,
    env: { FIREFOX_PATH: firefox, E2E_FIREFOX_DRIVER: firefoxPlan?.driver },
    ranIn: `Firefox ${versionOf(firefoxVersion)} (${firefoxPlan?.driver === 'puppeteer' ? 'puppeteer-core' : 'Playwright'})`,
    missing: 'Firefox not found: the firefox stage is skipped (Debian: sudo apt-get install -y firefox-esr, or set FIREFOX_PATH).',
  },
  {
    project: 'webkit',
    found: webkit,
    env: webkit && { WEBKIT_WEBDRIVER_PATH: webkit.driver, MINIBROWSER_PATH: webkit.browser, XVFB_RUN_PATH: webkit.xvfbRun },
    ranIn: 'WebKitGTK (WebKitWebDriver)',
    missing:
      'WebKitGTK not found: the webkit stage is skipped (Debian: sudo apt-get install -y webkit2gtk-driver xvfb xauth, or set WEBKIT_WEBDRIVER_PATH, MINIBROWSER_PATH and XVFB_RUN_PATH).',
  },
];
for (const { project, found, skipped, ranIn, missing } of engines) {
  if (!found) console.warn(`[e2e] ${missing}`);
  else if (skipped) console.warn(`[e2e] ${project} skipped: ${skipped}`);
  else
    console.log(
      `[e2e] ${project}: ${typeof found === 'string' ? found : `${found.driver} + ${found.browser} (${found.xvfbRun})`}, ${ranIn}`,
    );
}
const available = engines.filter(({ found, skipped }) => found && !skipped);
const engineEnv = Object.assign({}, ...available.map(({ env }) => env));
const runsChromium = available.some(({ project }) => project === 'chromium');
// The @firefox tests use Playwright's own page: without Playwright's driver they are left out.
const firefoxSkips = firefoxPlan?.driver === 'puppeteer' ? firefoxPlan.why : undefined;
if (firefoxSkips) console.warn(`[e2e] the @firefox tests are skipped (they need Playwright's driver): ${firefoxSkips}`);

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** A Playwright run: its status, and per project what its tests ran in (e2e/engines/engineReport.ts), for the summary. */
function playwright(args, env = {}) {
  const reportFile = path.join(tmpdir(), `maison-e2e-engines-${process.pid}.json`);
  const { status } = spawnSync('npx', ['playwright', 'test', ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...engineEnv, ...env, E2E_ENGINE_REPORT: reportFile },
  });
  const projects = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : {};
  rmSync(reportFile, { force: true });
  return { status: status ?? 1, projects };
}

/** Per project, its tests and where they ran. */
function ranInLines(projects) {
  return Object.entries(projects).map(([project, { engines: seen, ...counts }]) => {
    const tally = Object.entries(counts).flatMap(([outcome, count]) => (count > 0 ? [`${count} ${outcome}`] : []));
    const ranIn = seen.length > 0 ? seen.join(', ') : (engines.find((engine) => engine.project === project)?.ranIn ?? '');
    return `${project.padEnd(18)} ${tally.join(', ').padEnd(22)} ${ranIn}`;
  });
}

/** The tracked files' changes (none in CI), to see that the development tests restored what they edited. */
const sourceChanges = () => spawnSync('git', ['diff', '--stat', 'HEAD'], { encoding: 'utf8' }).stdout ?? '';

function developmentLoop(args) {
  const before = sourceChanges();
  const run = playwright(['-c', 'playwright.dev.config.ts', ...args]);
  if (sourceChanges() !== before) {
    console.error(`[e2e] the development tests left source files changed:\n${sourceChanges()}`);
    return { ...run, status: 1 };
  }
  return run;
}

const extraArgs = process.argv.slice(2);
if (extraArgs[0] === '--dev') process.exit(developmentLoop(extraArgs.slice(1)).status);
if (extraArgs.length > 0) {
  const chooses = extraArgs.some((arg) => arg === '--project' || arg.startsWith('--project='));
  const { status, projects } = playwright(chooses ? extraArgs : [...extraArgs, ...available.map(({ project }) => `--project=${project}`)]);
  for (const line of ranInLines(projects)) console.log(`[e2e]   ${line}`);
  process.exit(status);
}

// Why: docs/decisions/build-and-render.md#e2e-workers
const WORKERS = '--workers=2';
const otherEngines = available.filter(({ project }) => project !== 'chromium').map(({ project }) => project);
const otherProjects = otherEngines.flatMap((project) =>
  project === 'firefox' && firefoxPlan.driver === 'playwright' ? ['firefox', 'firefox-puppeteer'] : [project],
);
const nginx = runsChromium && process.env.E2E_NGINX !== '0' && orInstall(findNginx, DEBIAN_PACKAGES.nginx);
if (nginx === undefined)
  console.warn('[e2e] nginx not found: the production-server stage is skipped (Debian: sudo apt-get install -y nginx).');
const stages = [
  runsChromium && { name: 'chromium', run: () => playwright(['--project=chromium', WORKERS]) },
  otherEngines.length > 0 && {
    name: otherEngines.join('+'),
    run: () => playwright([...otherProjects.map((project) => `--project=${project}`), WORKERS]),
  },
  nginx && {
    name: 'nginx',
    note: ' (@smoke, served by nginx)',
    run: () => playwright(['--project=chromium', '--grep', '@smoke', WORKERS], { E2E_SERVER: 'nginx', NGINX_PATH: nginx }),
  },
  runsChromium && { name: 'dev', note: ' (against npm start, playwright.dev.config.ts)', run: () => developmentLoop([]) },
].filter(Boolean);

const results = [];
for (const { name, note = '', run } of stages) {
  console.log(`\n[e2e] stage ${name}${note}`);
  const started = Date.now();
  const { status, projects } = run();
  results.push({ name, status, seconds: Math.round((Date.now() - started) / 1000), projects });
}
console.log('\n[e2e] stages:');
for (const { name, status, seconds, projects } of results) {
  console.log(`[e2e]   ${name.padEnd(14)} ${status === 0 ? 'passed' : 'FAILED'}  ${seconds} s`);
  for (const line of ranInLines(projects)) console.log(`[e2e]       ${line}`);
}
for (const { project, found, skipped } of engines) {
  if (!found) console.log(`[e2e]   ${project.padEnd(14)} skipped (not installed)`);
  else if (skipped)
    console.log(`[e2e]   ${project.padEnd(14)} skipped: ${skipped}${project === 'chromium' ? '; so are nginx and dev' : ''}`);
}
if (firefoxSkips) console.log(`[e2e]   ${'@firefox'.padEnd(14)} skipped (they need Playwright's driver): ${firefoxSkips}`);
process.exit(results.find(({ status }) => status !== 0)?.status ?? 0);
