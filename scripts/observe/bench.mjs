#!/usr/bin/env node
/**
 * What access lines, metrics and beacons cost the answerer (ports 3450-3453); figures only.
 *   npm run bench:observability -- [--seconds 3] [--rounds 9] [--access-log FILE (default: a file in .bench/)]
 */
// Why: docs/decisions/build-and-render.md#bench-observability
import { spawnSync } from 'node:child_process';
import { existsSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { MAX_BEACON_BYTES, MAX_RECORDS } from '@maison/host/contract';
import { ENVIRONMENT_FILE, GENERATION_FILE, METRIC } from '@maison/deploy';
import { batchedOutput, serverLog, serverMetrics } from '@maison/deploy/serve';
import { benchEnvironment, cpuSeconds, HTML, median, PAGE, root, startNode, startShop } from '../bench/shop.mjs';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '3' }, rounds: { type: 'string', default: '9' }, 'access-log': { type: 'string' } },
});
const seconds = Number(values.seconds);
const rounds = Number(values.rounds);
const BASE_PORT = 3450;
const METRICS_PORT = 3454;
const CONNECTIONS = 8;
const work = path.join(root, '.bench', 'observability');
const env = path.join(work, 'environment');

const MODES = [
  'access lines and metrics (production)',
  'metrics, no access lines',
  'neither',
  "neither, in a process without metrics (the process's own metrics' cost)",
];
const WATCHED_PORT = BASE_PORT + 20;

/** Where `taskset` pins processes to cores: the shop to the first, this process (the load generator) to the second. */
const pinned = existsSync('/usr/bin/taskset') && availableParallelism() >= 2;
if (pinned) spawnSync('/usr/bin/taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
const onShopCore = pinned ? ['/usr/bin/taskset', '-c', '0'] : [];
const shopLog = () => openSync(path.join(work, 'shop.log'), 'a');

/** Node's event-loop histogram (prom-client's default collector) samples this often (ms). */
const LOOP_SAMPLED_MS = 10;

/** The answerer's event-loop delay since the last read (ms) beyond the sampling interval, as its metrics say (none without metrics). */
async function eventLoopDelay() {
  const text = await (await fetch(`http://127.0.0.1:${WATCHED_PORT + 10}/metrics`).catch(() => undefined))?.text().catch(() => '');
  const read = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text ?? '')?.[1] ?? NaN);
  const beyondSampling = (seconds) => Math.max(0, seconds * 1000 - LOOP_SAMPLED_MS);
  return {
    loopMax: beyondSampling(read(METRIC.eventLoopLagMax)),
    loopP99: beyondSampling(read(METRIC.eventLoopLagP99)),
  };
}

const load = (url, extra = {}) => autocannon({ url, connections: CONNECTIONS, duration: seconds, headers: HTML, ...extra });

rmSync(work, { recursive: true, force: true });
benchEnvironment(env, BASE_PORT);

// The shop as `npm run serve` runs it (access lines and metrics).
const shop = await startShop({
  env,
  basePort: BASE_PORT,
  args: ['--trust-proxy', '127.0.0.1', '--metrics', String(METRICS_PORT)],
  prefix: onShopCore,
  stdio: ['ignore', shopLog(), shopLog()],
});

// The beacons: full ones (MAX_RECORDS records, close to MAX_BEACON_BYTES), naming the builds the generation serves.
const render = JSON.parse(readFileSync(path.join(env, ENVIRONMENT_FILE.current, GENERATION_FILE.render), 'utf8'));
const catalog = render.builds.remotes.catalog[0].build;
const pages = Array.from({ length: MAX_RECORDS - 3 }, (_, index) => ({
  kind: 'view',
  page: `/products/${'a-long-product-slug-'.repeat(4)}${index}`,
}));
const beacon = JSON.stringify({
  v: 2,
  hostBuild: render.builds.host,
  builds: { catalog },
  records: [
    ...pages,
    { kind: 'load', page: '/products', remote: 'catalog', build: catalog, fallback: false },
    { kind: 'vital', page: '/products', name: 'LCP', value: 1432 },
    { kind: 'vital', page: '/products', name: 'CLS', value: 0 },
  ],
});
if (Buffer.byteLength(beacon) > MAX_BEACON_BYTES)
  throw new Error(`the bench's beacon is ${Buffer.byteLength(beacon)} bytes, past the limit`);
// Many shoppers, as a trusted proxy names them: each address with a page load's token of its own (each within its rates).
const addressOf = (index) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
const SAME_ORIGIN = { 'content-type': 'text/plain', 'sec-fetch-site': 'same-origin' };
const pageLoads = [];
for (let index = 0; index < 2000; index += 1) {
  const headers = { 'sec-fetch-site': 'same-origin', 'x-forwarded-for': addressOf(index) };
  const answer = await fetch(`${shop.origin}/rum/page-load`, { method: 'POST', headers });
  pageLoads.push({ address: addressOf(index), token: (await answer.json()).token });
}
let client = 0;
/** Beacons at full rate, each from the next page load (or, with `refused`, as that refusal's sender sends them). */
const beacons = (refused) =>
  load(`${shop.origin}/rum`, {
    method: 'POST',
    body: beacon,
    headers: { ...SAME_ORIGIN, ...(refused === 'cross-site' ? { 'sec-fetch-site': 'cross-site' } : {}) },
    requests: [
      {
        setupRequest: (request) => {
          const { address, token } = pageLoads[client++ % pageLoads.length];
          const path = refused === 'no-token' ? '/rum?t=forged.token' : `/rum?t=${encodeURIComponent(token)}`;
          const from = refused === 'rate-limited' ? addressOf(0) : address;
          return { ...request, path, headers: { ...request.headers, 'x-forwarded-for': from } };
        },
      },
    ],
  });
const intake = await beacons();
const [pageBeside, intakeBeside] = await Promise.all([load(`${shop.origin}${PAGE}`), beacons()]);
// What a refused beacon costs: each refusal before the body is read (bench:observability's own figure, issue of forged signals).
const refusals = [];
for (const refused of ['no-token', 'cross-site', 'rate-limited']) {
  const cpuBefore = cpuSeconds(shop.pid);
  const run = await beacons(refused);
  refusals.push({ refused, run, cpuPerAnswer: ((cpuSeconds(shop.pid) - cpuBefore) * 1e6) / run.requests.total });
}
const pageCpuBefore = cpuSeconds(shop.pid);
const pageAlone = await load(`${shop.origin}${PAGE}`);
const pageCpu = ((cpuSeconds(shop.pid) - pageCpuBefore) * 1e6) / pageAlone.requests.total;
const acceptedCpuBefore = cpuSeconds(shop.pid);
const acceptedRun = await beacons();
const acceptedCpu = ((cpuSeconds(shop.pid) - acceptedCpuBefore) * 1e6) / acceptedRun.requests.total;
await shop.stop();

// The three ways of watching, in one process, loaded in turn (why: the link above).
const urlOf = (index) => `http://127.0.0.1:${WATCHED_PORT + index}${PAGE}`;
const accessLogFile = values['access-log'] ?? path.join(work, 'access.log');
const watchedShops = [path.join(import.meta.dirname, 'watchedShops.mjs'), env, accessLogFile, String(WATCHED_PORT)];
const watched = await startNode(watchedShops, urlOf(2), { prefix: onShopCore, stdio: ['ignore', shopLog(), 'inherit'] });
// The same shop in a process of its own that has no metrics at all: what "neither" pays for the process's metrics (its collectors are the process's, not a way's).
const bareShop = [watchedShops[0], env, '/dev/null', String(WATCHED_PORT + 3), 'bare'];
const bare = await startNode(bareShop, urlOf(3), { prefix: onShopCore, stdio: ['ignore', shopLog(), 'inherit'] });
for (const index of MODES.keys()) await load(urlOf(index), { duration: 1 });
const results = MODES.map(() => ({ throughput: [], versusNeither: [], p99: [], cpuPerAnswer: [], loopMax: [], loopP99: [] }));
for (let round = 0; round < rounds; round += 1) {
  for (const index of MODES.map((_, at) => (at + round) % MODES.length)) {
    await eventLoopDelay();
    const pid = index === 3 ? bare.pid : watched.pid;
    const cpuBefore = cpuSeconds(pid);
    const run = await load(urlOf(index));
    const cpuAfter = cpuSeconds(pid);
    // The loop is the process's: read (on the production way's metrics port) for whichever way was loaded (none for the bare process).
    const delay = index === 3 ? { loopMax: NaN, loopP99: NaN } : await eventLoopDelay();
    results[index].loopMax.push(delay.loopMax);
    results[index].loopP99.push(delay.loopP99);
    results[index].throughput.push(run.requests.average);
    results[index].p99.push(run.latency.p99);
    results[index].cpuPerAnswer.push(((cpuAfter - cpuBefore) * 1e6) / run.requests.total);
  }
  const neither = results[2].throughput.at(-1);
  for (const result of results) result.versusNeither.push(result.throughput.at(-1) / neither);
}
await Promise.all([watched.stop(), bare.stop()]);

const fmt = (value) => (Number.isFinite(value) ? Math.round(value) : '–');
const where = pinned ? ', the shop on core 0, autocannon on core 1' : '';
console.log(
  `\nThe published product page (${PAGE}), one process answering it three ways (and a process without metrics), ${CONNECTIONS} connections, ${seconds} s a run, ${rounds} alternating rounds (medians)${where}:`,
);
console.log(
  '| the answerer with | req/s | vs neither (the same round: median, range) | p99 | its CPU per answer | vs neither | event loop delay, longest / p99 |',
);
console.log('|---|---|---|---|---|---|---|');
const baseCpu = median(results[2].cpuPerAnswer);
for (const [index, mode] of MODES.entries()) {
  const { throughput, versusNeither, p99, cpuPerAnswer, loopMax, loopP99 } = results[index];
  const percent = (ratio) => Math.round(100 * ratio);
  const versus = `${percent(median(versusNeither))} % (${percent(Math.min(...versusNeither))}–${percent(Math.max(...versusNeither))} %)`;
  const cpu = median(cpuPerAnswer);
  const more = Math.round((100 * (cpu - baseCpu)) / baseCpu);
  console.log(
    `| ${mode} | ${fmt(median(throughput))} | ${versus} | ${median(p99)} ms | ${cpu.toFixed(1)} µs | ${more >= 0 ? '+' : ''}${more} % | ${fmt(Math.max(...loopMax))} / ${fmt(median(loopP99))} ms |`,
  );
}
const statuses = (run) =>
  Object.entries(run.statusCodeStats ?? {})
    .map(([status, { count }]) => `${count}×${status}`)
    .join(' ');
console.log(`\nThe pages' beacons, ${CONNECTIONS} connections, each from its own client:`);
console.log('| | beacons/s | p99 | answers | the product page beside it, req/s |');
console.log('|---|---|---|---|---|');
console.log(`| alone | ${fmt(intake.requests.average)} | ${intake.latency.p99} ms | ${statuses(intake)} | |`);
console.log(
  `| beside the page's load | ${fmt(intakeBeside.requests.average)} | ${intakeBeside.latency.p99} ms | ${statuses(intakeBeside)} | ${fmt(pageBeside.requests.average)} |`,
);

console.log(
  `\nWhat a beacon costs the shop's process beside a page answer (CPU per answer, ${CONNECTIONS} connections, ${seconds} s each):`,
);
console.log('| | answers/s | CPU per answer | answers |');
console.log('|---|---|---|---|');
console.log(`| the product page | ${fmt(pageAlone.requests.average)} | ${fmt(pageCpu)} µs | ${statuses(pageAlone)} |`);
console.log(
  `| a full beacon accepted (${Buffer.byteLength(beacon)} bytes, ${MAX_RECORDS} records; 2,000 page loads' tokens in turn) | ${fmt(acceptedRun.requests.average)} | ${fmt(acceptedCpu)} µs | ${statuses(acceptedRun)} |`,
);
for (const { refused, run, cpuPerAnswer } of refusals)
  console.log(`| a beacon refused: ${refused} | ${fmt(run.requests.average)} | ${fmt(cpuPerAnswer)} µs | ${statuses(run)} |`);

// The watching's own work per answer, timed alone in this process (why: the link above).
const answered = {
  app: 'host',
  method: 'GET',
  status: 200,
  bytes: 5123,
  duration: 0.0012,
  context: {
    requestId: '0f8b0c6e-1d2a-4b7e-9a57-1f1c9f7e2a11',
    served: { route: '/products/:slug', servedAs: 'published', language: 'en' },
  },
};
const accessLog = serverLog(batchedOutput('/dev/null'));
const metrics = serverMetrics();
const perAnswer = (work, after = () => {}) => {
  for (let index = 0; index < 100_000; index += 1) work();
  after();
  const started = process.cpuUsage();
  const times = 1_000_000;
  for (let index = 0; index < times; index += 1) work();
  after();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / times;
};
const lineCost = perAnswer(() => accessLog.access(answered), accessLog.flush);
const metricsCost = perAnswer(() => metrics.answered(answered));
accessLog.flush();
console.log(
  `\nThe watching's own work per answer, timed alone (1,000,000 answers, CPU time), against an answer's ${baseCpu.toFixed(1)} µs without it:`,
);
console.log('| work | µs per answer | share of an answer |');
console.log('|---|---|---|');
for (const [name, cost] of [
  ['the access line, made and written', lineCost],
  ['the metrics', metricsCost],
  ['both', lineCost + metricsCost],
])
  console.log(`| ${name} | ${cost.toFixed(2)} | ${((100 * cost) / baseCpu).toFixed(1)} % |`);
