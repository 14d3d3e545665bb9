import { expect, type Locator, type Page } from '@playwright/test';
import { installProblemRecorder, readRecordedProblems, type Shopper, type Target } from './shopper';

/** The shopper in an engine Playwright drives (Chromium, Firefox): its own waiting and actionability checks. */
export async function playwrightShopper(page: Page, engine: string, baseURL: string): Promise<Shopper> {
  const uncaught: string[] = [];
  page.on('pageerror', (error) => uncaught.push(`uncaught: ${error.message}`));
  await page.addInitScript(installProblemRecorder, false);

  const locate = (target: Target): Locator => {
    const scope: Page | Locator = target.within ? locate(target.within) : page;
    const exact = (name: string | RegExp | undefined) => typeof name === 'string';
    if ('role' in target) {
      return scope.getByRole(target.role as Parameters<Page['getByRole']>[0], {
        name: target.name,
        exact: exact(target.name),
        level: target.level,
      });
    }
    if ('label' in target) return scope.getByLabel(target.label, { exact: exact(target.label) });
    return scope.getByText(target.text, { exact: exact(target.text) });
  };

  return {
    engine,
    async open(path) {
      await page.goto(new URL(path, baseURL).href);
    },
    async reload() {
      await page.reload();
    },
    async back() {
      await page.goBack();
    },
    async forward() {
      await page.goForward();
    },
    async click(target) {
      await locate(target).click();
    },
    async fill(target, text) {
      await locate(target).click();
      await locate(target).pressSequentially(text);
    },
    async see(target) {
      await expect(locate(target).filter({ visible: true }).first()).toBeVisible();
    },
    async notSee(target) {
      await expect(locate(target)).toHaveCount(0);
    },
    async at(pathname) {
      await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
    },
    lang: () => page.evaluate(() => document.documentElement.lang),
    async problems() {
      return [...(await page.evaluate(readRecordedProblems)), ...uncaught];
    },
  };
}
