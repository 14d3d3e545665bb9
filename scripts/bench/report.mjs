/** The benchmark's printed report (scripts/bench.mjs); docs/performance.md keeps the last one. */
import os from 'node:os';
import { APPS, isHostApp } from '../../apps.mts';
import { PHONES } from './network.mjs';
import { median, PAGE as productRoute } from './shop.mjs';

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const seconds = (ms) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);
const ratio = (a, b) => (a !== undefined && b ? `${(a / b).toFixed(2)}×` : '-');
const spread = (values) => `${seconds(Math.min(...values))}–${seconds(Math.max(...values)).replace(' s', '')}`;
const cols = (cells, widths) => cells.reduce((line, cell, i) => line + String(cell).padEnd(widths[i]), '').trimEnd();
const phoneName = ({ name, deviceScaleFactor }) => `${name} (DPR ${deviceScaleFactor})`;
const WIDTHS = [50, 11, 12, 10, 7, 15, 7, 10, 29, 29, 9, 7];

/** What a first-load script is for, by its name (the builds' naming: webpack/parts.ts, webpack/sharing.ts). */
function scriptPurpose(url, build) {
  const { port, pathname, hash } = new URL(url);
  if (hash === '#inline-script') return 'host: boot script before main.js, in the page (language, intro, held taps)';
  const name = pathname.slice(1);
  const remote = APPS.find((app) => String(app.port) === port && !isHostApp(app))?.name;
  if (remote && name === 'remoteEntry.js') return `${remote}: its entry (module map, share scope, chunk loading)`;
  if (remote && name.startsWith('__federation_expose_')) return `${remote}: the page's module (${name.split('.')[0].slice(20)})`;
  if (remote) return `${remote}: a chunk its page module needs`;
  if (/^main\./.test(name))
    return build === 'single' ? 'the whole shop: shell, libraries, runtime' : 'host entry: webpack and federation runtimes, start-up';
  if (/^shared-libraries\./.test(name)) return 'React, react-dom, router, Redux, @maison/shared (one copy for all)';
  if (/^bootstrap\./.test(name)) return 'host: the shell (header, footer, routes, store, language)';
  if (/^web-vitals\./.test(name)) return 'field measurements (web-vitals)';
  // boot.*.js, start.*.js: builds from before the boot script came in the page (--federated-root).
  if (/^(boot|start)\./.test(name)) return 'host: boot script before main.js (language, intro, held taps)';
  return build === 'single' ? 'a lazily loaded page of the shop' : 'host: a split chunk';
}

/** Per page, the figures of one build; `lighthouse` medians, `recorded` LCP samples per phone. */
function figures({ network, lighthouse, recordedLcp: recorded }) {
  const lh = (key) => (lighthouse.length ? median(lighthouse.map((run) => run[key])) : undefined);
  return { network, score: lh('score'), lcp: lh('lcp'), tbt: lh('tbt'), cls: lh('cls'), recorded };
}
/** The table's columns: title, a build's cell, the figure its fed/single ratio is of, and what follows that ratio. */
const COLUMNS = [
  ['JS (gzip)', (r) => kib(r.network.jsBytes), (r) => r.network.jsBytes],
  ['requests', (r) => r.network.requests, (r) => r.network.requests],
  ['chain', (r) => r.network.chainDepth, (r) => r.network.chainDepth],
  ['after HTML', (r) => `${r.network.afterHtml.depth} · ${Math.round(r.network.afterHtml.ms)} ms`, (r) => r.network.afterHtml.ms],
  ['perf', (r) => r.score ?? '-', (r) => r.score],
  ['LCP sim.', (r) => seconds(r.lcp), (r) => r.lcp],
  ...PHONES.map((phone, i) => [
    `LCP rec. DPR ${phone.deviceScaleFactor} (spread)`,
    (r) => `${seconds(median(r.recorded[i]))} (${spread(r.recorded[i])})`,
    (r) => median(r.recorded[i]),
    (f, s) => {
      const pairs = f.recorded[i].map((at, pair) => at / s.recorded[i][pair]).sort((a, b) => a - b);
      return ` (${pairs[0].toFixed(2)}–${pairs.at(-1).toFixed(2)})`;
    },
  ]),
  ['TBT', (r) => (r.tbt === undefined ? '-' : `${Math.round(r.tbt)} ms`), (r) => r.tbt],
  ['CLS', (r) => (r.cls === undefined ? '-' : r.cls.toFixed(3))],
];

function routeTable(results, routes) {
  console.log(cols(['route', 'build', ...COLUMNS.map(([title]) => title)], WIDTHS));
  const lcpRatios = {};
  for (const route of routes) {
    const f = figures(results.routes[route].federated);
    const s = figures(results.routes[route].single);
    for (const [build, r] of Object.entries({ federated: f, single: s }))
      console.log(cols([build === 'federated' ? route : '', build, ...COLUMNS.map(([, cell]) => cell(r))], WIDTHS));
    const ratios = COLUMNS.map(([, , of, after]) => (of ? `${ratio(of(f), of(s))}${after?.(f, s) ?? ''}` : ''));
    console.log(cols(['', 'fed/single', ...ratios], WIDTHS));
    lcpRatios[route] = PHONES.map((_, phone) => median(f.recorded[phone]) / median(s.recorded[phone]));
  }
  return lcpRatios;
}

export function printReport({ results, routes, personalPages, runs, withLighthouse, rendering, chromiumVersion, buildSeconds }) {
  const lcpPairs = results.routes[routes[0]].federated.recordedLcp[0].length;
  console.log('Maison Khăn benchmark: federated (as shipped) vs single bundle (same source, no federation)');
  console.log(`${os.cpus().length} cores, Node ${process.version}, ${chromiumVersion}`);
  console.log(
    `LCP recorded: what the page's PerformanceObserver records on each phone, 412×823 at device pixel ratio ${PHONES.map((phone) => `${phone.deviceScaleFactor} (${phone.name})`).join(' and ')} (slow 4G applied in the browser: 562.5 ms a request, ` +
      `1.47 Mbps, 4× CPU), the builds alternately, median of ${lcpPairs} with the spread; fed/single: the medians' ratio (pair by pair)`,
  );
  console.log(
    withLighthouse
      ? `LCP sim., perf, TBT, CLS: Lighthouse 12 mobile preset (simulated slow 4G, 4× CPU), median of ${runs}; sizes are gzip -6 of the files requested`
      : 'Lighthouse skipped (--no-lighthouse); sizes are gzip -6 of the files requested',
  );
  console.log(`federated pages: ${rendering}; the single bundle renders in the browser`);
  console.log('');
  const lcpRatios = routeTable(results, routes);
  console.log('');
  for (const build of ['federated', 'single']) {
    const { scriptFiles, jsBytes, htmlBytes } = results.routes[productRoute][build].network;
    console.log(`first-load JS on ${productRoute}, ${build}: ${kib(jsBytes)} (its HTML: ${kib(htmlBytes ?? 0)})`);
    for (const { url, bytes } of [...scriptFiles].sort((a, b) => b.bytes - a.bytes)) {
      const where = new URL(url).hash ? '(in the page)' : new URL(url).pathname;
      console.log(`  ${kib(bytes).padStart(10)}  ${scriptPurpose(url, build).padEnd(62)} ${where}`);
    }
  }
  const home = results.routes['/'].federated.network;
  console.log(`\nidle prefetch after / (federated, not counted above): ${home.prefetchFiles} files, ${kib(home.prefetchBytes)}`);
  const nav = results.navigation;
  console.log(
    `client-side / → /cart after 3 s idle, click to cart heading painted (median of ${runs}): ` +
      `federated ${Math.round(median(nav.federated))} ms, single ${Math.round(median(nav.single))} ms`,
  );
  const at = (samples, key) => median(samples.map((sample) => sample[key]));
  const atRatio = ({ federated, single }, key) => at(federated, key) / at(single, key);
  // The tap to the first frame showing ADD TO CART busy, over the loads that held it (the page not alive yet).
  const held = (samples) => samples.flatMap((sample) => (sample.heldShownAfter === undefined ? [] : [sample.heldShownAfter]));
  const heldShown = (samples) =>
    held(samples).length === 0
      ? 'in no load (alive first)'
      : `${Math.round(median(held(samples)))} ms after the tap (${held(samples).length} of ${samples.length} loads held it)`;
  // Seen → usable, load by load: how long a shopper who taps at once waits for the page to come alive.
  const gap = (samples) => median(samples.map((sample) => sample.usableAt - sample.seenAt));
  for (const [phone, usable] of results.usable.entries()) {
    const { federated, single } = usable;
    const pairs = federated.map((sample, pair) => sample.usableAt / single[pair].usableAt).sort((a, b) => a - b);
    const both = (key) => `${Math.round(at(federated, key))} / ${Math.round(at(single, key))} ms`;
    console.log(
      `usable on ${phoneName(PHONES[phone])}: navigation start to ADD TO CART tapped the moment it is seen → badge shows 1, on ${productRoute} ` +
        `(the builds alternately, median of ${federated.length}): ` +
        `federated ${Math.round(at(federated, 'usableAt'))} ms, single ${Math.round(at(single, 'usableAt'))} ms (${atRatio(usable, 'usableAt').toFixed(2)}×, ` +
        `pair by pair ${pairs[0].toFixed(2)}–${pairs.at(-1).toFixed(2)}×); ` +
        `button seen at ${both('seenAt')} (${atRatio(usable, 'seenAt').toFixed(2)}×), page alive at ${both('aliveAt')}; ` +
        `seen → usable (median of the loads): ${Math.round(gap(federated))} / ${Math.round(gap(single))} ms; ` +
        `a held tap shown busy ${heldShown(federated)} / ${heldShown(single)}`,
    );
  }
  printMainThread(results.mainThread);
  const within = (value, target) => `${value.toFixed(2)}× (target ≤ ${target.toFixed(2)}×: ${value <= target ? 'within' : 'MISSED'})`;
  console.log('\ntargets:');
  const js = (route, build) => results.routes[route][build].network.jsBytes;
  console.log(`  first-load JS on ${productRoute} ${within(js(productRoute, 'federated') / js(productRoute, 'single'), 1.2)}`);
  const worst = Object.keys(results.routes).reduce(
    (most, route) => {
      const ratio = js(route, 'federated') / js(route, 'single');
      return ratio > most.ratio ? { route, ratio } : most;
    },
    { route: '', ratio: 0 },
  );
  console.log(`  first-load JS on every page: the most, ${worst.route}, ${within(worst.ratio, 1.25)}`);
  for (const [phone, device] of PHONES.entries()) {
    const usable = results.usable[phone];
    const shownAfter = held(usable.federated).length > 0 ? median(held(usable.federated)) : undefined;
    const shown =
      shownAfter === undefined
        ? 'no load held the tap'
        : `${Math.round(shownAfter)} ms (target ≤ 100 ms: ${shownAfter <= 100 ? 'within' : 'MISSED'})`;
    console.log(
      `  ${phoneName(device)}: usable ${within(atRatio(usable, 'usableAt'), 0.65)}; button seen ${within(atRatio(usable, 'seenAt'), 0.45)}; ` +
        `a held tap shown busy after ${shown}`,
    );
    for (const [route, value] of Object.entries(lcpRatios))
      console.log(`    LCP recorded ${route.padEnd(48)} ${within(value[phone], personalPages.includes(route) ? 0.9 : 0.6)}`);
  }
  if (buildSeconds.federated) {
    console.log(
      `production build: federated ${buildSeconds.federated.toFixed(1)} s (4 apps, one after another), single ${buildSeconds.single.toFixed(1)} s`,
    );
  }
}

/** Lighthouse's task groups, in the order the table gives them; `waiting` is the main thread idle (the network). */
const MAIN_THREAD_ROWS = [
  ['waiting', 'idle: waiting for the network'],
  ['Script Evaluation', 'running scripts'],
  ['Script Parsing & Compilation', 'compiling scripts'],
  ['Other', 'other (tasks, messages)'],
  ['Style & Layout', 'style and layout'],
  ['Rendering', 'painting'],
  ['Parse HTML & CSS', 'parsing HTML and CSS'],
  ['Garbage Collection', 'garbage collection'],
];

/** Where the main thread goes before ADD TO CART is seen, and from seen to usable: medians of the traced loads, in ms. */
function printMainThread(traced) {
  for (const [phone, { federated, single }] of traced.entries()) {
    const cell = (samples, span, group) => String(Math.round(median(samples.map((sample) => sample[span][group] ?? 0))));
    console.log(
      `\nmain thread on ${phoneName(PHONES[phone])}, ${productRoute}, ms (median of ${federated.length} traced loads each, apart from the figures above):`,
    );
    console.log('| | federated: to seen | federated: seen → usable | single: to seen | single: seen → usable |');
    console.log('|---|---|---|---|---|');
    for (const [group, label] of MAIN_THREAD_ROWS) {
      const cells = [federated, single].flatMap((samples) => [cell(samples, 'beforeSeen', group), cell(samples, 'seenToUsable', group)]);
      console.log(`| ${label} | ${cells.join(' | ')} |`);
    }
  }
}
