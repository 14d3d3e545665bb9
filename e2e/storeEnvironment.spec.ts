/**
 * The shop with its environment in an object store (a real Ceph gateway, scripts/s3-ceph.sh): the
 * whole shop served by `npm run serve -- --env s3://…`, which publishes into the store at start and
 * answers from what it follows, answers the table of addresses as the folder's shop does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { test } from '@playwright/test';
import { AwsClient } from 'aws4fetch';
import { appsFrom, localOrigin } from '../apps.mts';
import { checkAddressTable } from './addressTable';
import { originOf } from './fixtures';

const root = path.join(__dirname, '..');
const GATEWAY_SCRIPT = path.join(root, 'scripts', 's3-ceph.sh');
const BUCKET = 'maison-e2e';
const ADDRESS = `s3://${BUCKET}/production/`;
// Clear of npm run serve (3000-3003), the tests' own shops (3100-3199) and the bench (3400-3403).
const BASE_PORT = 3500;
// Above the store unit tests' gateways (7481 and the next three).
const GATEWAY_PORT = 7489;
const onPath = (command: string) => (process.env.PATH ?? '').split(':').some((dir) => existsSync(path.join(dir, command)));
const skipReason = onPath('radosgw') || onPath('apt-get') ? undefined : 'no Ceph gateway here, and no apt-get to install one';

/** A throw-away Ceph gateway on loopback (scripts/s3-ceph.sh): its AWS_* settings, and how to stop it. */
function startGateway() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maison-e2e-s3-'));
  const started = spawnSync('bash', [GATEWAY_SCRIPT, 'start', dir], {
    env: { ...process.env, S3_PORT: String(GATEWAY_PORT) },
    encoding: 'utf8',
  });
  if (started.status !== 0) throw new Error(`the gateway did not start:\n${started.stderr}`);
  const settings = Object.fromEntries(
    started.stdout.split('\n').flatMap((line) => (/^AWS_\w+=/.test(line) ? [line.split(/=(.*)/s).slice(0, 2)] : [])),
  );
  return { settings: settings as Record<string, string>, stop: () => spawnSync('bash', [GATEWAY_SCRIPT, 'stop', dir]) };
}

test.describe('an environment in an object store', () => {
  test.skip(!!skipReason, skipReason ?? '');
  let gateway: ReturnType<typeof startGateway>;
  let shop: ChildProcess;
  const lines: string[] = [];
  const origin = localOrigin(appsFrom(BASE_PORT)[0]!);

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    gateway = startGateway();
    const env: NodeJS.ProcessEnv = { ...process.env, ...gateway.settings, MAISON_SIGNALS_KEY: 'e2e0'.repeat(16) };
    const s3 = new AwsClient({
      accessKeyId: env.AWS_ACCESS_KEY_ID!,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY!,
      service: 's3',
      region: env.AWS_REGION,
    });
    const put = async (key: string, body: string) => {
      const answer = await s3.fetch(`${env.AWS_ENDPOINT_URL_S3}/${BUCKET}${key}`, { method: 'PUT', body });
      if (!answer.ok) throw new Error(`PUT ${key}: ${answer.status} ${await answer.text()}`);
    };
    await put('', '');
    // What an operator puts there first: the remotes the shop serves, and its public origin.
    const remotes = Object.fromEntries(
      appsFrom(BASE_PORT)
        .slice(1)
        .map((app) => [app.name, `${localOrigin(app)}/mf-manifest.json`]),
    );
    await put('/production/remotes.json', JSON.stringify(remotes));
    await put('/production/environment.json', JSON.stringify({ origin }));
    const args = ['--env', ADDRESS, '--base-port', String(BASE_PORT), '--metrics', 'off', '--no-access-log'];
    shop = spawn(process.execPath, [path.join(root, 'deploy/src/cli/serve.ts'), ...args], { cwd: root, env });
    for (const output of [shop.stdout!, shop.stderr!]) createInterface({ input: output }).on('line', (line) => lines.push(line));
    // Ready once the published product page answers from the store's generation.
    for (const started = Date.now(); ;) {
      const answer = await fetch(`${origin}/products/hoan-kiem-lake-handkerchief`).catch(() => undefined);
      if (answer?.ok && (await answer.text()).includes('Hoan Kiem Lake Handkerchief</h1>')) break;
      if (shop.exitCode !== null || Date.now() - started > 180_000) throw new Error(`the shop did not come up:\n${lines.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  });

  test.afterAll(() => {
    shop?.kill('SIGTERM');
    gateway?.stop();
  });

  test('answers the table of addresses as the folder’s shop does', async ({ request }) => {
    await checkAddressTable(request, originOf('host'));
    await checkAddressTable(request, origin);
  });
});
