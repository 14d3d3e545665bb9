/** What the development loop's tests (e2e/*.dev.spec.ts) share: edits of this checkout's source, and whether the page reloaded. */
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { editSource, startDevServers as startInCheckout } from '../scripts/dev-servers.mjs';

export { restoreAllSources } from '../scripts/dev-servers.mjs';

const root = path.resolve(__dirname, '..');

/** `npm start -- ...args` in this checkout, until the named apps answer (scripts/dev-servers.mjs). */
export function startDevServers(options: { args?: string[]; apps?: string[]; timeoutMs?: number } = {}) {
  return startInCheckout({ root, ...options });
}

/** Replaces `from` by `to` in a file of this checkout; restore() puts it back (so does the test process's exit). */
export function edit(file: string, from: string, to: string) {
  return editSource(path.join(root, file), from, to);
}

/** Starting a cold `npm start` on a busy 2-core machine can take minutes. */
export const DEV_SERVERS_START_MS = 360_000;

/**
 * Marks the page's JavaScript world (gone after a reload, kept by an update in place) and records
 * what the dev servers' clients log, so that a reload says why.
 */
export async function markPage(page: Page) {
  const said: string[] = [];
  page.on('console', (message) => {
    if (/\[(HMR|webpack-dev-server)\]/.test(message.text())) said.push(message.text());
  });
  await page.evaluate(() => ((window as unknown as { __devLoopMark?: boolean }).__devLoopMark = true));
  return {
    async expectNotReloaded() {
      const reloaded = await page.evaluate(() => (window as unknown as { __devLoopMark?: boolean }).__devLoopMark !== true);
      expect(reloaded, `the page was reloaded; the dev clients said:\n${said.join('\n')}`).toBe(false);
    },
  };
}
