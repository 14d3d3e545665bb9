/** Picks each browser's test driver from its `--version`; an unsupported version is skipped, never run red. */
import { spawnSync } from 'node:child_process';

/** BiDi commands Playwright 1.64.1 sends to Firefox, with the release that first has each (MDN). */
export const PLAYWRIGHT_FIREFOX_COMMANDS = {
  'network.addDataCollector': 143,
  'emulation.setScreenOrientationOverride': 144,
  'emulation.setScreenSettingsOverride': 147,
  'browser.setDownloadBehavior': 149,
};
export const PLAYWRIGHT_FIREFOX_MIN = Math.max(...Object.values(PLAYWRIGHT_FIREFOX_COMMANDS));

/** The fallback Firefox driver, puppeteer-core over WebDriver BiDi: the oldest Firefox it is known to drive (ESR 140). */
export const PUPPETEER_FIREFOX_MIN = 140;

/** The oldest Chromium the tests are known to pass in (Playwright over CDP); an older one is not guessed at. */
export const CHROMIUM_MIN = 150;

export const FIREFOX_DRIVERS = ['playwright', 'puppeteer'];

/** "Chromium 156.0.8078.108 built on Debian…", "Mozilla Firefox 153.7.0esr": the version and its major number. */
export function parseVersion(output) {
  const match = /\b(\d+)\.\d+[\w.]*/.exec(output ?? '');
  return match ? { text: match[0], major: Number(match[1]) } : undefined;
}

/** The browser's version from its stdout (Debian's wrapper writes a warning to stderr). */
export function readVersion(executable) {
  return parseVersion(spawnSync(executable, ['--version'], { encoding: 'utf8', timeout: 30_000 }).stdout);
}

/** Why Playwright does not run this Chromium (its stages are skipped); undefined when it does. */
export function chromiumSkip(version) {
  if (version && version.major < CHROMIUM_MIN)
    return `Chromium ${version.text} found, ${CHROMIUM_MIN} or newer needed (the oldest the tests are known to pass in)`;
}

/** Playwright from PLAYWRIGHT_FIREFOX_MIN, else (or when `forced`) puppeteer-core; unreadable versions get the fallback. */
export function firefoxDriver(version, forced) {
  if (forced && !FIREFOX_DRIVERS.includes(forced))
    return { error: `E2E_FIREFOX_DRIVER=${forced}: expected one of ${FIREFOX_DRIVERS.join(', ')}` };
  if (forced === 'playwright') return { driver: 'playwright' };
  if (version && version.major < PUPPETEER_FIREFOX_MIN)
    return {
      skip: `Firefox ${version.text} found, ${PUPPETEER_FIREFOX_MIN} or newer needed (puppeteer-core; Playwright needs ${PLAYWRIGHT_FIREFOX_MIN})`,
    };
  if (forced === 'puppeteer') return { driver: 'puppeteer', why: 'E2E_FIREFOX_DRIVER=puppeteer' };
  if (!version) return { driver: 'puppeteer', why: 'its version could not be read' };
  if (version.major < PLAYWRIGHT_FIREFOX_MIN)
    return { driver: 'puppeteer', why: `Firefox ${version.text} found, Playwright needs ${PLAYWRIGHT_FIREFOX_MIN} or newer` };
  return { driver: 'playwright' };
}
