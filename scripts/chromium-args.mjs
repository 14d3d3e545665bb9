/** Chromium flags for this offline machine: no sandbox as root, no background calls home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/**
 * The features @playwright/test 1.64.1 (pinned) disables in every Chromium it launches. Chromium
 * keeps only the last --disable-features it is given, so a list of our own must repeat these
 * (chromium-args.test.ts reads them from Playwright, so an upgrade that changes them fails there).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'DialMediaRouteProvider',
  'GlobalMediaControls',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'BlockOriginHeaderModificationOnRedirect',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'Translate',
  'AutoDeElevate',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'msForceBrowserSignIn',
  'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * For the browser tests and the benchmarks, which open a window per page load: Chromium 156 builds its omnibox popup, a
 * WebUI page in a renderer of its own, for every window, even headless. That was a third of the
 * CPU a test's page load costs (2.9 → 2.0 s a page on 2 cores, load 1.16 → 0.84 s) and nothing
 * of the shop's: the popup is the browser's own UI, never the page's. In a benchmark it is noise
 * on the 2 cores, the same for both builds measured.
 */
export const PAGE_LOAD_CHROMIUM_ARGS = [
  ...CHROMIUM_ARGS,
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, 'WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'].join(',')}`,
];
