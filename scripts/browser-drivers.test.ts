import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CHROMIUM_MIN,
  PLAYWRIGHT_FIREFOX_COMMANDS,
  PLAYWRIGHT_FIREFOX_MIN,
  PUPPETEER_FIREFOX_MIN,
  chromiumSkip,
  firefoxDriver,
  parseVersion,
} from './browser-drivers.mjs';

/** The installed Playwright's WebDriver BiDi browser and context code (bidiBrowser.ts, bundled or not). */
function playwrightBidiBrowser(): string {
  const lib = path.join(__dirname, '..', 'node_modules', 'playwright-core', 'lib');
  const bundle = path.join(lib, 'coreBundle.js');
  if (existsSync(bundle)) {
    const source = readFileSync(bundle, 'utf8');
    const start = source.indexOf('// packages/playwright-core/src/server/bidi/bidiBrowser.ts');
    if (start < 0) throw new Error(`no bidiBrowser.ts in ${bundle}: find where this Playwright keeps it`);
    return source.slice(start, source.indexOf('\n// packages/', start + 1));
  }
  return readFileSync(path.join(lib, 'server', 'bidi', 'bidiBrowser.js'), 'utf8');
}

const firefox = (text: string) => parseVersion(`Mozilla Firefox ${text}`);

describe('the browser tests’ drivers', () => {
  it('read the versions browsers print', () => {
    expect(parseVersion('Chromium 156.0.8078.108 built on Debian GNU/Linux 12 (bookworm)\n')).toEqual({
      text: '156.0.8078.108',
      major: 156,
    });
    expect(parseVersion('Mozilla Firefox 140.12.0esr\n')).toEqual({ text: '140.12.0esr', major: 140 });
    expect(parseVersion('')).toBeUndefined();
    expect(parseVersion(undefined)).toBeUndefined();
  });

  it('need the Firefox that has every command Playwright sends at launch and per context, which it still sends', () => {
    const source = playwrightBidiBrowser();
    for (const command of Object.keys(PLAYWRIGHT_FIREFOX_COMMANDS)) expect(source).toContain(`send("${command}"`);
    expect(PLAYWRIGHT_FIREFOX_MIN).toBe(149);
  });

  it('drive Firefox ESR 153 with Playwright and ESR 140 with puppeteer-core; older is skipped', () => {
    expect(firefoxDriver(firefox('153.7.0esr'), undefined)).toEqual({ driver: 'playwright' });
    expect(firefoxDriver(firefox('149.0'), undefined)).toEqual({ driver: 'playwright' });
    expect(firefoxDriver(firefox('148.0.2'), undefined)).toMatchObject({ driver: 'puppeteer' });
    expect(firefoxDriver(firefox('140.12.0esr'), undefined)).toEqual({
      driver: 'puppeteer',
      why: 'Firefox 140.12.0esr found, Playwright needs 149 or newer',
    });
    expect(firefoxDriver(firefox('128.14.0esr'), undefined)).toEqual({
      skip: `Firefox 128.14.0esr found, ${PUPPETEER_FIREFOX_MIN} or newer needed (puppeteer-core; Playwright needs 149)`,
    });
    expect(firefoxDriver(undefined, undefined)).toMatchObject({ driver: 'puppeteer' });
  });

  it('take the driver E2E_FIREFOX_DRIVER names, where it can', () => {
    expect(firefoxDriver(firefox('153.7.0esr'), 'puppeteer')).toEqual({ driver: 'puppeteer', why: 'E2E_FIREFOX_DRIVER=puppeteer' });
    expect(firefoxDriver(firefox('140.12.0esr'), 'playwright')).toEqual({ driver: 'playwright' });
    expect(firefoxDriver(firefox('128.14.0esr'), 'puppeteer')).toHaveProperty('skip');
    expect(firefoxDriver(firefox('153.7.0esr'), 'selenium')).toHaveProperty('error');
  });

  it('run Chromium 150 and 156; older is skipped with the versions found and needed', () => {
    expect(chromiumSkip(parseVersion('Chromium 150.0.7871.100 built on Debian'))).toBeUndefined();
    expect(chromiumSkip(parseVersion('Chromium 156.0.8078.108 built on Debian'))).toBeUndefined();
    expect(chromiumSkip(undefined)).toBeUndefined();
    expect(chromiumSkip(parseVersion('Chromium 149.0.1.2'))).toBe(
      `Chromium 149.0.1.2 found, ${CHROMIUM_MIN} or newer needed (the oldest the tests are known to pass in)`,
    );
  });
});
