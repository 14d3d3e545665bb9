import { defineConfig } from '@playwright/test';
import shopConfig from './playwright.config';

/**
 * The development loop's browser tests (e2e/*.dev.spec.ts): each spec runs `npm start` on ports
 * 3000-3003 itself (its own arguments, e.g. --against), so one at a time, and they edit this
 * checkout's source (always restored). Starting the dev servers is most of their time; a test's
 * timeout covers a cold start on a slow, shared machine.
 */
export default defineConfig({
  ...shopConfig,
  testIgnore: undefined,
  testMatch: '**/*.dev.spec.ts',
  fullyParallel: false,
  workers: 1,
  timeout: 120_000,
  webServer: undefined,
});
