import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_ARGS, PLAYWRIGHT_DISABLED_FEATURES, PAGE_LOAD_CHROMIUM_ARGS } from './chromium-args.mjs';

/** The features the installed Playwright disables, read from its source (where it keeps them differs by release). */
function playwrightDisabledFeatures(): string[] {
  const lib = path.join(__dirname, '..', 'node_modules', 'playwright-core', 'lib');
  const file = [path.join(lib, 'coreBundle.js'), path.join(lib, 'server', 'chromium', 'chromiumSwitches.js')].find(existsSync);
  if (!file) throw new Error(`no chromiumSwitches in ${lib}: find where this Playwright keeps its disabled features`);
  const list = /disabledFeatures = \[([\s\S]*?)\]/.exec(readFileSync(file, 'utf8'))?.[1];
  if (!list) throw new Error(`no disabledFeatures list in ${file}`);
  const withoutComments = list.replace(/\/\/.*$/gm, '');
  return [...withoutComments.matchAll(/"([^"]+)"|'([^']+)'/g)].map((match) => match[1] ?? match[2]!);
}

describe('the browser tests’ Chromium flags', () => {
  it('repeat every feature Playwright disables, since Chromium keeps only the last --disable-features', () => {
    const playwright = playwrightDisabledFeatures();
    expect(playwright.length).toBeGreaterThan(5);
    expect([...PLAYWRIGHT_DISABLED_FEATURES].sort()).toEqual([...playwright].sort());
  });

  it('add one --disable-features to the machine flags: Playwright’s and the omnibox popup’s', () => {
    const disables = PAGE_LOAD_CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    expect(disables).toHaveLength(1);
    const features = disables[0]!.slice('--disable-features='.length).split(',');
    expect(features).toEqual(expect.arrayContaining([...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup']));
    expect(PAGE_LOAD_CHROMIUM_ARGS.slice(0, CHROMIUM_ARGS.length)).toEqual(CHROMIUM_ARGS);
  });
});
