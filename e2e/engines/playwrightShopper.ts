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
      const found = scope.getByRole(target.role as Parameters<Page['getByRole']>[0], {
        name: target.name,
        exact: exact(target.name),
        level: target.level,
      });
      // getByRole has no busy filter: aria-busy says it, as Testing Library reads it.
      return target.busy === undefined ? found : found.and(page.locator(target.busy ? '[aria-busy="true"]' : ':not([aria-busy="true"])'));
    }
    if ('label' in target) return scope.getByLabel(target.label, { exact: exact(target.label) });
    return scope.getByText(target.text, { exact: exact(target.text) });
  };

  return {
    engine,
    async open(path) {
      await page.goto(new URL(path, baseURL).href);
    },
    async arrive(path) {
      await page.goto(new URL(path, baseURL).href, { waitUntil: 'domcontentloaded' });
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
    async tap(target) {
      const box = await locate(target).boundingBox();
      if (!box) throw new Error(`${engine}: nothing to tap for ${JSON.stringify(target)}`);
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    },
    async fill(target, text) {
      await locate(target).click();
      await locate(target).pressSequentially(text);
    },
    async see(target) {
      const shown = locate(target).filter({ visible: true }).first();
      await expect(shown).toBeVisible();
      if ('description' in target && target.description !== undefined) await expect(shown).toHaveAccessibleDescription(target.description);
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
