/**
 * A real, throw-away Ceph RGW for the store's tests: started by scripts/s3-ceph.sh into a
 * temporary folder on 127.0.0.1:7481 (MAISON_S3_TEST_PORT to move it), stopped by the same script.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { AwsClient } from 'aws4fetch';
import type { StoreConfig } from '../store/storeConfig.ts';

const run = promisify(execFile);
const REPOSITORY = path.resolve(import.meta.dirname, '../../..');
const SCRIPT = process.env.S3_CEPH_SCRIPT ?? path.join(REPOSITORY, 'scripts', 's3-ceph.sh');
const PORT = Number(process.env.MAISON_S3_TEST_PORT ?? 7481);

const onPath = (command: string) =>
  (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && existsSync(path.join(dir, command)));

/** Why the gateway cannot be had here, or undefined when it can (the script installs Ceph with apt). */
export function gatewaySkipReason(): string | undefined {
  if (!existsSync(SCRIPT)) return `no ${SCRIPT} (set S3_CEPH_SCRIPT to s3-ceph.sh)`;
  if (!onPath('radosgw') && !onPath('apt-get')) return 'Ceph is not installed and there is no apt-get to install it';
  return undefined;
}

export type TestGateway = {
  config: StoreConfig;
  dir: string;
  /** A second S3 user, with no access to the first one's buckets until a policy grants it. */
  createUser(uid: string): Promise<Pick<StoreConfig, 'accessKeyId' | 'secretAccessKey'>>;
  createBucket(bucket: string): Promise<void>;
  putBucketPolicy(bucket: string, policy: unknown): Promise<void>;
  stop(): Promise<void>;
};

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (error) =>
      reject(new Error(`127.0.0.1:${port} is taken (${(error as NodeJS.ErrnoException).code}): set MAISON_S3_TEST_PORT`)),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

const randomKey = (bytes: number) =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

export async function startTestGateway(): Promise<TestGateway> {
  await assertPortFree(PORT);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maison-s3-'));
  const env = { ...process.env, S3_PORT: String(PORT) };
  let stdout: string;
  try {
    ({ stdout } = await run('bash', [SCRIPT, 'start', dir], { env, timeout: 300_000 }));
  } catch (error) {
    const { stderr = '' } = error as { stderr?: string };
    throw new Error(`s3-ceph.sh could not start a gateway (logs in ${dir}/log):\n${stderr.split('\n').slice(-15).join('\n')}`, {
      cause: error,
    });
  }
  const vars = Object.fromEntries(stdout.split('\n').flatMap((line) => (/^\w+=/.test(line) ? [line.split(/=(.*)/s).slice(0, 2)] : [])));
  const config: StoreConfig = {
    endpoint: vars.AWS_ENDPOINT_URL_S3,
    region: vars.AWS_REGION ?? 'us-east-1',
    accessKeyId: vars.AWS_ACCESS_KEY_ID,
    secretAccessKey: vars.AWS_SECRET_ACCESS_KEY,
    timeoutMs: 10_000,
  };
  const owner = new AwsClient({ ...config, service: 's3', retries: 0 });
  const ownerRequest = async (url: string, init: RequestInit) => {
    const response = await owner.fetch(url, init);
    if (!response.ok) throw new Error(`${init.method} ${url}: ${response.status} ${await response.text()}`);
  };
  return {
    config,
    dir,
    async createUser(uid) {
      const keys = { accessKeyId: randomKey(10).toUpperCase(), secretAccessKey: randomKey(20) };
      const args = ['-c', path.join(dir, 'ceph.conf'), 'user', 'create', `--uid=${uid}`, `--display-name=${uid}`];
      await run('radosgw-admin', [...args, `--access-key=${keys.accessKeyId}`, `--secret-key=${keys.secretAccessKey}`], {
        timeout: 60_000,
      });
      return keys;
    },
    createBucket: (bucket) => ownerRequest(`${config.endpoint}/${bucket}`, { method: 'PUT' }),
    putBucketPolicy: (bucket, policy) =>
      ownerRequest(`${config.endpoint}/${bucket}?policy`, { method: 'PUT', body: JSON.stringify(policy) }),
    async stop() {
      await run('bash', [SCRIPT, 'stop', dir], { timeout: 60_000 });
    },
  };
}
