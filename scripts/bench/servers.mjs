#!/usr/bin/env node
/** What hostile long paths cost the Node and nginx servers (ports 3400-3403), and workerd at the edge beside Node over one object store (3700-3704, a gateway on 7495); figures only. */
// Why: docs/decisions/build-and-render.md#bench-servers
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import { parseOptions } from '@maison/deploy/cli';
import { benchEnvironment, cpuSeconds, HTML, median, PAGE, root, startShop } from './shop.mjs';
import { benchStore, STORE_ADDRESS } from './storeShop.mjs';

const USAGE = 'npm run bench:servers -- [--seconds 8] [--only node|nginx|store|edge] [--rounds 3] [--against http://localhost:3000]';
const options = {
  seconds: { type: 'string', default: '8' },
  only: { type: 'string' },
  rounds: { type: 'string', default: '3' },
  against: { type: 'string' },
};
const { values } = parseOptions('bench:servers', USAGE, options);
const seconds = Number(values.seconds);
const NORMAL_CONNECTIONS = 8;
const HOSTILE = 4;
const BASE_PORT = 3400;
const env = `${root}/.bench/servers-environment`;

const load = (url, connections, extra = {}) => autocannon({ url, connections, duration: seconds, headers: HTML, ...extra });

const HOSTILE_PATHS = [
  ['15,000 slashes (too long to read)', `/${'/'.repeat(15_000)}`],
  ['7,900 slashes and a letter (the longest read)', `/products${'/'.repeat(7900)}x`],
];

const hostileRows = values.against || values.only !== 'store';
if (hostileRows) {
  console.log(
    `\nThe rendered product page (${PAGE}), ${NORMAL_CONNECTIONS} connections, ${seconds} s a run; alone, then beside ${HOSTILE} hostile connections:`,
  );
  console.log(
    "| server | alone, req/s | the server process's CPU per answer, alone | hostile paths | beside them, req/s | share kept | median / p99 | hostile answered, req/s (status) |",
  );
  console.log('|---|---|---|---|---|---|---|---|');
}

/** The page alone, then beside HOSTILE connections sending each path: a row each, with its load both times and theirs. */
async function measure(name, origin, pid) {
  const cpuBefore = cpuSeconds(pid);
  const aloneRun = await load(`${origin}${PAGE}`, NORMAL_CONNECTIONS);
  const alone = aloneRun.requests.average;
  const cpu = pid ? `${Math.round(((cpuSeconds(pid) - cpuBefore) * 1e6) / aloneRun.requests.total)} µs` : '(not ours)';
  for (const [paths, path] of HOSTILE_PATHS) {
    const [page, hostile] = await Promise.all([load(`${origin}${PAGE}`, NORMAL_CONNECTIONS), load(`${origin}${path}`, HOSTILE)]);
    const kept = `${Math.round((100 * page.requests.average) / alone)} %`;
    const statuses = Object.keys(hostile.statusCodeStats ?? {}).join(' ');
    console.log(
      `| ${name} | ${Math.round(alone)} | ${cpu} | ${paths} | ${Math.round(page.requests.average)} | ${kept} | ${page.latency.p50} / ${page.latency.p99} ms | ${Math.round(hostile.requests.average)} (${statuses}) |`,
    );
  }
}

const SERVERS = [
  { name: 'node (npm run serve)', command: 'serve.ts', key: 'node' },
  { name: 'nginx in front (npm run serve:nginx)', command: 'serveNginx.ts', key: 'nginx' },
];
/** The shop at the edge (scripts/edge-shop.mts): workerd and Node's host answering one store; resolves with their origins and pids. */
function startEdgeShop() {
  const child = spawn(process.execPath, [`${root}/scripts/edge-shop.mts`, '--base-port', '3700', '--gateway-port', '7495'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stopped = new Promise((resolve) => child.once('exit', resolve));
  const stop = () => (child.kill('SIGTERM'), stopped);
  return new Promise((resolve, reject) => {
    child.once('close', (code) => reject(new Error(`scripts/edge-shop.mts exited (${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('ready ')) resolve({ ...JSON.parse(line.slice('ready '.length)), stop });
      if (line.startsWith('skip ')) resolve({ skipped: line.slice('skip '.length), stop });
    });
  });
}

if (values.against) await measure(values.against, values.against);
for (const { name, command } of SERVERS.filter(({ key }) => !values.against && (!values.only || values.only === key))) {
  // A fresh environment each, as the shop writes its publish there.
  benchEnvironment(env, BASE_PORT);
  const shop = await startShop({ command, env, basePort: BASE_PORT });
  try {
    await measure(name, shop.origin, shop.pid);
  } finally {
    await shop.stop();
  }
}
if (!values.against && (!values.only || values.only === 'edge')) {
  const edge = await startEdgeShop();
  try {
    if (edge.skipped) console.log(`(workerd's rows skipped: ${edge.skipped})`);
    else {
      await measure('node over an object store (npm run serve -- --env s3://…)', edge.node, edge.nodePid);
      await measure('workerd over the same store (npm run serve:edge)', edge.edge, edge.edgePid);
    }
  } finally {
    await edge.stop();
  }
}

/** Seconds a publish of `env` takes (npm run render), the shop serving its remotes. */
function publishSeconds(env) {
  const started = performance.now();
  const done = spawnSync(process.execPath, [path.join(root, 'deploy/src/cli/publish.ts'), '--env', env], { stdio: 'ignore' });
  if (done.status !== 0) throw new Error(`the publish of ${env} failed (${done.status})`);
  return (performance.now() - started) / 1000;
}

/** The page alone from a folder's environment and from a store's, in turn for `rounds` rounds; the store's requests per answer; a publish each way. */
async function folderAgainstStore(rounds) {
  const gateway = await benchStore(BASE_PORT);
  const ways = [
    { name: 'a folder', env, figures: [] },
    { name: 'an object store', env: STORE_ADDRESS, figures: [] },
  ];
  try {
    for (let round = 0; round < rounds; round += 1)
      for (const way of ways) {
        if (way.env === env) benchEnvironment(env, BASE_PORT);
        const shop = await startShop({ command: 'serve.ts', env: way.env, basePort: BASE_PORT });
        try {
          const [cpuBefore, storeBefore] = [cpuSeconds(shop.pid), gateway.requests()];
          const run = await load(`${shop.origin}${PAGE}`, NORMAL_CONNECTIONS);
          const answers = run.requests.total;
          way.figures.push({
            perSecond: run.requests.average,
            cpu: ((cpuSeconds(shop.pid) - cpuBefore) * 1e6) / answers,
            storeRequests: (gateway.requests() - storeBefore) / answers,
            publish: round === 0 ? publishSeconds(way.env) : undefined,
          });
        } finally {
          await shop.stop();
        }
      }
  } finally {
    await gateway.stop();
  }
  console.log(
    `\nThe product page alone from each environment (${NORMAL_CONNECTIONS} connections, ${seconds} s, the ways in turn, ${rounds} rounds; medians):`,
  );
  console.log('| environment in | req/s (each round) | CPU per answer | store requests per answer | a publish (npm run render), s |');
  console.log('|---|---|---|---|---|');
  for (const { name, figures } of ways) {
    const of = (key) => median(figures.map((figure) => figure[key]));
    const publish = figures[0].publish.toFixed(1);
    const rates = figures.map((figure) => Math.round(figure.perSecond)).join(', ');
    console.log(
      `| ${name} | ${Math.round(of('perSecond'))} (${rates}) | ${Math.round(of('cpu'))} µs | ${of('storeRequests').toFixed(4)} | ${publish} |`,
    );
  }
  const [folder, stored] = ways.map(({ figures }) => median(figures.map((figure) => figure.perSecond)));
  console.log(`the store's throughput: ${Math.round((100 * stored) / folder)} % of the folder's (target: within 5 %)`);
}
if (!values.against && (!values.only || values.only === 'store')) await folderAgainstStore(Number(values.rounds));
