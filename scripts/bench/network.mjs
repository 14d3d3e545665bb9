/** What a cold visit downloads, and its chain depth: waves of requests under an added latency. */
// Why: docs/decisions/build-and-render.md#chain-depth
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

const gzipBytes = (data) => gzipSync(data, { level: 6 }).length;
const fileGzipBytes = (file) => (file && existsSync(file) ? gzipBytes(readFileSync(file)) : 0);

export async function networkProfile(browser, url, { fileFor, latencyMs = 150 }) {
  const { context, page } = await visitorPage(browser);
  await page.route('**/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, latencyMs));
    await route.continue().catch(() => undefined);
  });
  const records = new Map();
  page.on('request', (request) => records.set(request, { request, start: Date.now(), end: Infinity }));
  const finish = (request) => {
    const record = records.get(request);
    if (record) record.end = Date.now();
  };
  page.on('requestfinished', finish);
  page.on('requestfailed', finish);

  const answer = await page.goto(url);
  const html = await answer.body();
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  const { timeOrigin, idlePrefetchAt, inlineScripts } = await page.evaluate(() => ({
    timeOrigin: performance.timeOrigin,
    idlePrefetchAt: window.__MAISON_FEDERATION__?.idlePrefetchAt ?? null,
    // Code the page carries (a rendered page's boot script), not data blocks.
    inlineScripts: [...document.scripts].filter((script) => !script.src && !/json/.test(script.type)).map((script) => script.text),
  }));
  await context.close();

  const all = [...records.values()].sort((a, b) => a.start - b.start);
  const isPrefetch = ({ request }) =>
    /prefetch/.test(request.headers()['sec-purpose'] ?? '') ||
    (idlePrefetchAt !== null && request.timing().startTime - timeOrigin >= idlePrefetchAt);
  const firstLoad = all.filter((record) => !isPrefetch(record));
  for (const record of firstLoad) {
    const before = firstLoad.filter((other) => other !== record && other.end <= record.start);
    record.depth = 1 + Math.max(0, ...before.map((other) => other.depth ?? 1));
  }
  const scripts = firstLoad.filter(({ request }) => request.resourceType() === 'script');
  const scriptFiles = [
    ...scripts.map(({ request }) => ({ url: request.url(), bytes: fileGzipBytes(fileFor(request.url())) })),
    ...inlineScripts.map((text) => ({ url: `${answer.url()}#inline-script`, bytes: gzipBytes(text) })),
  ];
  const prefetched = all.filter(isPrefetch);
  const chainDepth = Math.max(0, ...firstLoad.map((record) => record.depth));
  const documentEnd = firstLoad.find(({ request }) => request.resourceType() === 'document')?.end ?? firstLoad[0]?.end ?? 0;
  return {
    requests: firstLoad.length,
    jsBytes: scriptFiles.reduce((sum, { bytes }) => sum + bytes, 0),
    /** Each first-load script and its size on the wire (gzip -6); a script in the page, as `…#inline-script`. */
    scriptFiles,
    /** The page's HTML (gzip -6): a rendered page's markup, data and inline code. */
    htmlBytes: gzipBytes(html),
    chainDepth,
    /** After the HTML: how many waves of requests, and how long until the last first-load request ended. */
    afterHtml: {
      depth: Math.max(0, chainDepth - 1),
      ms: Math.max(0, ...firstLoad.filter(({ end }) => Number.isFinite(end)).map(({ end }) => end - documentEnd)),
    },
    prefetchFiles: prefetched.length,
    prefetchBytes: prefetched.reduce((sum, { request }) => sum + fileGzipBytes(fileFor(request.url())), 0),
  };
}

/** Milliseconds from a click on the header's cart link to the cart heading painted, after 3 s idle on `/`. */
export async function cartNavigationAfterIdle(browser, origin) {
  const { context, page } = await visitorPage(browser);
  await page.goto(`${origin}/`);
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(3000);
  const elapsed = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const link = document.querySelector('header a[href="/cart"]');
        const clickedAt = performance.now();
        const observer = new MutationObserver(() => {
          const heading = document.querySelector('main h1');
          if (!heading || !/cart/i.test(heading.textContent ?? '')) return;
          observer.disconnect();
          requestAnimationFrame(() => resolve(performance.now() - clickedAt));
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        link.click();
      }),
  );
  await context.close();
  return elapsed;
}

/** Lighthouse's mobile preset applied in the browser ("devtools" figures for slow 4G), 4× CPU. */
const MOBILE = { latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8, cpuSlowdown: 4 };
/** Lighthouse's mobile viewport, with touch. */
const MOBILE_SCREEN = { viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true };

/** The phones every phone figure is given for: Lighthouse's mobile emulation (its Moto G Power) and most phones sold today. */
export const PHONES = [
  { name: "Lighthouse's phone", deviceScaleFactor: 1.75 },
  { name: "today's phone", deviceScaleFactor: 2.625 },
];

/** A page in a fresh context, intro already seen this session; on a `phone`, MOBILE_SCREEN at its pixel ratio, throttled as MOBILE. */
async function visitorPage(browser, phone, initScript) {
  const context = await browser.newContext(phone && { ...MOBILE_SCREEN, deviceScaleFactor: phone.deviceScaleFactor });
  await context.addInitScript(() => sessionStorage.setItem('hasVisited', 'true'));
  if (initScript) await context.addInitScript(initScript);
  const page = await context.newPage();
  if (!phone) return { context, page };
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...MOBILE });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE.cpuSlowdown });
  return { context, page };
}

/** Ms from navigation until a tap on ADD TO CART, made as soon as it shows, updates the cart badge. */
/** With `trace`, also where the main thread went from navigation to seen and from seen to usable (mainThreadBetween). */
export async function timeUntilUsable(browser, url, phone, { trace = false, tries = 3 } = {}) {
  const { context, page } = await visitorPage(browser, phone, () => {
    // The tap's own time (the input's), and the first frame showing the button holding it (aria-busy).
    addEventListener('touchstart', (event) => (window.__tappedAt ??= event.timeStamp), { capture: true });
    new MutationObserver((_records, observer) => {
      if (document.documentElement.dataset.alive) window.__aliveAt ??= performance.now();
      if (window.__heldShownAt === undefined && document.querySelector('#root button[aria-busy="true"]'))
        requestAnimationFrame(() => (window.__heldShownAt ??= performance.now()));
      if (document.querySelector('[data-testid="cart-count"]')?.textContent?.trim() !== '1') return;
      window.__usableAt = performance.now();
      observer.disconnect();
    }).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['data-alive', 'aria-busy'],
    });
  });
  if (trace) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
  await page.goto(url, { waitUntil: 'commit' });
  const button = page.getByRole('button', { name: 'ADD TO CART' });
  await button.waitFor({ state: 'visible', timeout: 60_000 });
  const seenAt = await page.evaluate(() => performance.now());
  // On a phone the buy box is below the pictures: the shopper scrolls to it, then taps.
  await button.scrollIntoViewIfNeeded();
  const box = await button.boundingBox();
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() => window.__usableAt !== undefined, undefined, { timeout: 60_000 });
  const { usableAt, aliveAt, tappedAt, heldShownAt } = await page.evaluate(() => ({
    usableAt: window.__usableAt,
    aliveAt: window.__aliveAt,
    tappedAt: window.__tappedAt,
    heldShownAt: window.__heldShownAt,
  }));
  const traced = trace ? (await browser.stopTracing()).toString() : undefined;
  await context.close();
  // Undefined when the page was alive before the tap (nothing held).
  const times = { seenAt, aliveAt, usableAt, heldShownAfter: heldShownAt === undefined ? undefined : heldShownAt - tappedAt };
  if (!traced) return times;
  try {
    return { ...times, beforeSeen: mainThreadBetween(traced, 0, seenAt), seenToUsable: mainThreadBetween(traced, seenAt, usableAt) };
  } catch (error) {
    // Chromium now and then leaves navigationStart out of a trace: that load is measured again.
    if (tries <= 1) throw error;
    return timeUntilUsable(browser, url, phone, { trace, tries: tries - 1 });
  }
}

/** LCP on a phone as the page records it, read once the page has settled (so late content counts). */
export async function phoneLcp(browser, url, phone) {
  const { context, page } = await visitorPage(browser, phone, () => {
    const observer = new PerformanceObserver((list) => (window.__lcp = list.getEntries().at(-1).startTime));
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
  await page.locator('main h1').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  const lcp = await page.evaluate(() => window.__lcp);
  await context.close();
  return lcp;
}

/** The trace categories Lighthouse reads its main-thread tasks from. */
const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink.user_timing', 'loading', 'toplevel'];

/** From a Chromium trace: ms of main-thread work per Lighthouse task group (and `waiting`, the rest) between `from` and `to` (the page's clock). */
function mainThreadBetween(traceJson, from, to) {
  const { mainThreadEvents, frames, timestamps } = TraceProcessor.processTrace(JSON.parse(traceJson));
  const tasks = MainThreadTasks.getMainThreadTasks(mainThreadEvents, frames, timestamps.traceEnd, timestamps.timeOrigin);
  const groups = {};
  let busy = 0;
  for (const task of tasks) {
    const overlap = Math.min(task.endTime, to) - Math.max(task.startTime, from);
    if (overlap <= 0) continue;
    // A task's own time, in the share of it that falls in the window.
    const share = task.duration > 0 ? overlap / task.duration : 1;
    groups[task.group.label] = (groups[task.group.label] ?? 0) + task.selfTime * share;
    if (!task.parent) busy += overlap;
  }
  return { ...groups, waiting: Math.max(0, to - from - busy) };
}
