/** The benchmark's printed report (scripts/bench.mjs); docs/performance.md keeps the last one. */
import os from 'node:os';
import { APPS, isHostApp } from '../../apps.mts';
import { PHONES } from './network.mjs';
import { median } from './shop.mjs';

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
const seconds = (ms) => (ms === undefined ? '-' : `${(ms / 1000).toFixed(2)} s`);
const ratio = (a, b) => (a !== undefined && b ? `${(a / b).toFixed(2)}×` : '-');
const spread = (values) => `${seconds(Math.min(...values))}–${seconds(Math.max(...values)).replace(' s', '')}`;
const cols = (cells, widths) =>
  cells
    .map((cell, i) => String(cell).padEnd(widths[i]))
    .join('')
    .trimEnd();
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
function figures({ network, lighthouse, recordedLcp }) {
  const lh = (key) => (lighthouse.length ? median(lighthouse.map((run) => run[key])) : undefined);
  const recorded = recordedLcp.map((samples) => samples.map((sample) => sample.at));
  return { network, score: lh('score'), lcp: lh('lcp'), tbt: lh('tbt'), cls: lh('cls'), recorded };
}
const phoneColumn = (phone) => `LCP rec. DPR ${phone.deviceScaleFactor} (spread)`;

function routeTable(results, routes) {
  console.log(
    cols(
      ['route', 'build', 'JS (gzip)', 'requests', 'chain', 'after HTML', 'perf', 'LCP sim.', ...PHONES.map(phoneColumn), 'TBT', 'CLS'],
      WIDTHS,
    ),
  );
  const lcpRatios = {};
  for (const route of routes) {
    const f = figures(results.routes[route].federated);
    const s = figures(results.routes[route].single);
    const row = (name, r) =>
      cols(
        [
          name === 'federated' ? route : '',
          name,
          kib(r.network.jsBytes),
          r.network.requests,
          r.network.chainDepth,
          `${r.network.afterHtml.depth} · ${Math.round(r.network.afterHtml.ms)} ms`,
          r.score ?? '-',
          seconds(r.lcp),
          ...r.recorded.map((samples) => `${seconds(median(samples))} (${spread(samples)})`),
          r.tbt === undefined ? '-' : `${Math.round(r.tbt)} ms`,
          r.cls === undefined ? '-' : r.cls.toFixed(3),
        ],
        WIDTHS,
      );
    console.log(row('federated', f));
    console.log(row('single', s));
    const pairs = (phone) => f.recorded[phone].map((at, pair) => at / s.recorded[phone][pair]).sort((a, b) => a - b);
    lcpRatios[route] = PHONES.map((_, phone) => median(f.recorded[phone]) / median(s.recorded[phone]));
    console.log(
      cols(
        [
          '',
          'fed/single',
          ratio(f.network.jsBytes, s.network.jsBytes),
          ratio(f.network.requests, s.network.requests),
          ratio(f.network.chainDepth, s.network.chainDepth),
          ratio(f.network.afterHtml.ms, s.network.afterHtml.ms),
          ratio(f.score, s.score),
          ratio(f.lcp, s.lcp),
          ...PHONES.map(
            (_, phone) =>
              `${ratio(median(f.recorded[phone]), median(s.recorded[phone]))} (${pairs(phone)[0].toFixed(2)}–${pairs(phone).at(-1).toFixed(2)})`,
          ),
          ratio(f.tbt, s.tbt),
          '',
        ],
        WIDTHS,
      ),
    );
  }
  return lcpRatios;
}

export function printReport({ results, routes, productRoute, runs, withLighthouse, rendering, chromiumVersion, buildSeconds }) {
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
  console.log('');
  const home = results.routes['/'].federated.network;
  console.log(`idle prefetch after / (federated, not counted above): ${home.prefetchFiles} files, ${kib(home.prefetchBytes)}`);
  const nav = results.navigation;
  console.log(
    `client-side / → /cart after 3 s idle, click to cart heading painted (median of ${runs}): ` +
      `federated ${Math.round(median(nav.federated))} ms, single ${Math.round(median(nav.single))} ms`,
  );
  const at = (samples, key) => median(samples.map((sample) => sample[key]));
  const usable = results.usable.map(({ federated, single }, phone) => {
    const pairRatios = (key) => federated.map((sample, pair) => sample[key] / single[pair][key]).sort((a, b) => a - b);
    // Seen → usable, load by load: how long a shopper who taps at once waits for the page to come alive.
    const gap = (samples) => median(samples.map((sample) => sample.usableAt - sample.seenAt));
    const figures = {
      usable: at(federated, 'usableAt') / at(single, 'usableAt'),
      seen: at(federated, 'seenAt') / at(single, 'seenAt'),
      gap: gap(federated),
      singleGap: gap(single),
    };
    console.log(
      `usable on ${PHONES[phone].name} (DPR ${PHONES[phone].deviceScaleFactor}): navigation start to ADD TO CART tapped the moment it is seen → badge shows 1, on ${productRoute} ` +
        `(the builds alternately, median of ${federated.length}): ` +
        `federated ${Math.round(at(federated, 'usableAt'))} ms, single ${Math.round(at(single, 'usableAt'))} ms (${figures.usable.toFixed(2)}×, ` +
        `pair by pair ${pairRatios('usableAt')[0].toFixed(2)}–${pairRatios('usableAt').at(-1).toFixed(2)}×); ` +
        `button seen at ${Math.round(at(federated, 'seenAt'))} / ${Math.round(at(single, 'seenAt'))} ms (${figures.seen.toFixed(2)}×), ` +
        `page alive at ${Math.round(at(federated, 'aliveAt'))} / ${Math.round(at(single, 'aliveAt'))} ms; ` +
        `seen → usable (median of the loads): ${Math.round(figures.gap)} / ${Math.round(figures.singleGap)} ms`,
    );
    return figures;
  });
  console.log('');
  const personal = new Set(['/cart', '/checkout', '/profile']);
  const within = (value, target) => `${value.toFixed(2)}× (target ≤ ${target.toFixed(2)}×: ${value <= target ? 'within' : 'MISSED'})`;
  console.log('targets:');
  const js = (build) => results.routes[productRoute][build].network.jsBytes;
  console.log(`  first-load JS on ${productRoute} ${within(js('federated') / js('single'), 1.15)}`);
  for (const [phone, { name, deviceScaleFactor }] of PHONES.entries()) {
    const { usable: usableRatio, seen, gap, singleGap } = usable[phone];
    const gapTarget = Math.min(700, singleGap);
    console.log(
      `  ${name} (DPR ${deviceScaleFactor}): usable ${within(usableRatio, 0.7)}; button seen ${within(seen, 0.5)}; ` +
        `usable ${Math.round(gap)} ms after seen (target ≤ ${Math.round(gapTarget)} ms: 0.7 s, and no longer than the single bundle's: ${gap <= gapTarget ? 'within' : 'MISSED'})`,
    );
    for (const [route, value] of Object.entries(lcpRatios))
      console.log(`    LCP recorded ${route.padEnd(48)} ${within(value[phone], personal.has(route) ? 0.9 : 0.6)}`);
  }
  if (buildSeconds.federated) {
    console.log(
      `production build: federated ${buildSeconds.federated.toFixed(1)} s (4 apps, one after another), single ${buildSeconds.single.toFixed(1)} s`,
    );
  }
}
