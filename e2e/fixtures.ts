import { test as base, expect, type Page } from '@playwright/test';
import { AxeBuilder } from '@axe-core/playwright';
import type { RemoteName } from '@maison/shared';
import { appNamed, localOrigin, REMOTE_NAMES } from '../apps.mts';
import { ownShopFixtures, type OwnShopFixtures } from './ownShop';

/** Where `npm run serve` (or nginx) answers for an app, from apps.json. */
export function originOf(name: 'host' | RemoteName): string {
  return localOrigin(appNamed(name));
}

export const REMOTE_ORIGINS = Object.fromEntries(REMOTE_NAMES.map((name) => [name, originOf(name)])) as Record<RemoteName, string>;

interface Fixtures {
  /** Console errors seen on the page; tests that expect some read and clear it. */
  consoleErrors: string[];
}

interface Options {
  /** Uncaught page errors a test provokes on purpose (a broken deploy's script): not failures. */
  expectedPageErrors: RegExp[];
}

/**
 * Every test starts with the intro already seen (its own tests opt out with a fresh context)
 * and fails if the page throws an uncaught exception, does not match its rendered HTML, or breaks
 * the Content-Security-Policy.
 * Console errors are collected for the tests that expect some (404 logging, a remote down).
 */
export const test = base.extend<Fixtures & Options & OwnShopFixtures & { failOnUncaughtErrors: void; failOnPolicyViolations: void }>({
  ...ownShopFixtures,
  expectedPageErrors: [[], { option: true }],
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await use(errors);
  },
  failOnUncaughtErrors: [
    async ({ page, expectedPageErrors }, use) => {
      const uncaught: string[] = [];
      page.on('pageerror', (error) => {
        if (!expectedPageErrors.some((pattern) => pattern.test(error.message))) uncaught.push(error.message);
      });
      // A rendered page whose markup the page did not match (host/src/bootstrap.tsx) works, but shows a change: a bug.
      page.on('console', (message) => {
        if (message.text().startsWith('[render] the page did not match')) uncaught.push(`${message.text()} on ${page.url()}`);
      });
      await use();
      expect(uncaught, 'uncaught exceptions in the page').toEqual([]);
    },
    { auto: true },
  ],
  // Every page runs under the servers' strict Content-Security-Policy: a violation in any test fails it.
  failOnPolicyViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeBinding('__maisonReportViolation', (_source, text: string) => void violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __maisonReportViolation: (text: string) => void }).__maisonReportViolation;
          report(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} on ${location.pathname}`);
        });
      });
      await use();
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  page: async ({ page }, use) => {
    // Not on about:blank, whose storage Firefox refuses (a SecurityError the page would report).
    await page.addInitScript(() => window.location.protocol.startsWith('http') && window.sessionStorage.setItem('hasVisited', 'true'));
    await use(page);
  },
});

export { expect };

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.help} → ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, 'axe-core WCAG 2.1 AA violations').toEqual([]);
}

export async function switchLanguage(page: Page, name: 'English' | 'Tiếng Việt') {
  await page.getByRole('button', { name: /^(Language|Ngôn ngữ):/ }).click();
  await page.getByRole('menuitemradio', { name }).click();
}

export async function addProductToCart(page: Page, slug: string, style?: RegExp) {
  await page.goto(`/products/${slug}`);
  if (style) await page.getByRole('button', { name: style }).click();
  await page.getByRole('button', { name: /^(ADD TO CART|THÊM VÀO GIỎ)$/ }).click();
}

/** On the checkout page: a shopper's details filled in, the order placed, and its confirmation seen. */
export async function placeOrderOnCheckout(page: Page) {
  await page.getByPlaceholder('Email or mobile phone number').fill('lan@example.com');
  await page.getByLabel('Last name').fill('Nguyễn');
  await page.getByLabel('Address', { exact: true }).fill('12 Hàng Gai');
  await page.getByLabel('City').fill('Hà Nội');
  await page.getByRole('button', { name: 'Complete Order' }).click();
  await expect(page.getByText('Order placed successfully!')).toBeVisible();
}

export function cartBadge(page: Page) {
  return page.getByTestId('cart-count');
}

/** The origins a page policy's directive allows, without the hashes of a rendered page's inline code. */
export function policyOrigins(policy: string | null | undefined, directive: string): string {
  const sources = (policy ?? '').split('; ').find((entry) => entry.startsWith(`${directive} `)) ?? '';
  return sources
    .split(' ')
    .slice(1)
    .filter((source) => !source.startsWith("'sha256-"))
    .join(' ');
}
