/**
 * A real, throw-away Ceph RGW for the store's tests: started by scripts/s3-ceph.sh into a
 * temporary folder on 127.0.0.1:7481 (MAISON_S3_TEST_PORT to move it), stopped by the same script.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
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
  /** Stops only the gateway daemon (the cluster keeps the data): the store away, as an outage is. */
  pause(): Promise<void>;
  /** Starts the gateway daemon again on the same port, and waits until it answers. */
  resume(): Promise<void>;
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

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const randomKey = (bytes: number) =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');

/** `portOffset`: a test file's own port above MAISON_S3_TEST_PORT, so that jest's workers each start their own gateway; `port`: one given outright. */
export async function startTestGateway({
  portOffset = 0,
  port = PORT + portOffset,
}: { portOffset?: number; port?: number } = {}): Promise<TestGateway> {
  await assertPortFree(port);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'maison-s3-'));
  const env = { ...process.env, S3_PORT: String(port) };
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
    async pause() {
      const pid = Number(readFileSync(path.join(dir, 'pids', 'rgw.pid'), 'utf8'));
      process.kill(pid, 'SIGKILL');
      for (let waited = 0; waited < 5000 && isAlive(pid); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    async resume() {
      const out = openSync(path.join(dir, 'log', 'rgw.out'), 'a');
      // Its own session, as s3-ceph.sh starts it (detached: the daemon's own pid, which `stop` kills).
      const child = spawn('radosgw', ['-c', path.join(dir, 'ceph.conf'), '-f', '-n', 'client.rgw'], {
        stdio: ['ignore', out, out],
        detached: true,
      });
      child.unref();
      writeFileSync(path.join(dir, 'pids', 'rgw.pid'), `${child.pid}\n`);
      for (let waited = 0; waited < 60_000; waited += 200) {
        const answered = await fetch(config.endpoint, { signal: AbortSignal.timeout(1000) }).then(
          () => true,
          () => false,
        );
        if (answered) return;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      throw new Error('the gateway did not answer again within 60 s');
    },
    async stop() {
      await run('bash', [SCRIPT, 'stop', dir], { timeout: 60_000 });
    },
  };
}
