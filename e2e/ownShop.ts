/**
 * A second copy of the built shop for one test, on its own ports, each app served by the
 * production rules in a process of its own (ownShop.server.mjs): a test can take one remote's
 * server down and bring it back, and sees every request each server answers.
 * Ports: 3110-3113 for the first worker, 3120-3123 for the second, and so on (apps.json's
 * order: host, catalog, cart, account), clear of `npm run serve` (3000-3003) and of
 * e2e/deploy.spec.ts (3100-3103).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Fixtures } from '@playwright/test';
import { APPS as apps, isHostApp, REMOTE_NAMES } from '../apps.mts';

export type AppName = 'host' | 'catalog' | 'cart' | 'account';

export interface ServedRequest {
  app: AppName;
  path: string;
  /** The Sec-Purpose header: 'prefetch' for the browser's low-priority prefetches. */
  purpose: string;
}

export interface OwnShop {
  origin(app: AppName): string;
  /** Every request the servers have reported so far, in order (a request reaches this list a moment after it is answered). */
  readonly requests: ServedRequest[];
  /** Every request an app's server answered up to now: waits until its log has caught up. */
  answeredSoFar(app: AppName): Promise<ServedRequest[]>;
  /** Starts serving an app (again). */
  start(app: AppName): Promise<void>;
  /** Stops serving an app: its port refuses connections, as a server that is down does. */
  stop(app: AppName): Promise<void>;
  close(): Promise<void>;
}

const root = path.resolve(__dirname, '..');

async function startOwnShop({
  workerIndex,
  workDir,
  down = [],
}: {
  workerIndex: number;
  workDir: string;
  down?: AppName[];
}): Promise<OwnShop> {
  const basePort = 3110 + 10 * workerIndex;
  const portOf = (app: AppName) => basePort + apps.findIndex(({ name }) => name === app);
  const origin = (app: AppName) => `http://localhost:${portOf(app)}`;
  const remotesFile = path.join(workDir, 'remotes.json');
  const remotes = REMOTE_NAMES.map((name) => [name, `${origin(name)}/mf-manifest.json`]);
  writeFileSync(remotesFile, JSON.stringify(Object.fromEntries(remotes)));

  const requests: ServedRequest[] = [];
  const servers = new Map<AppName, ChildProcess>();
  const start = (app: AppName) =>
    new Promise<void>((resolve, reject) => {
      const { dir } = apps.find(({ name }) => name === app)!;
      const args = [path.join(dir, 'dist'), String(portOf(app)), workDir, isHostApp({ name: app }) ? 'host' : 'remote'];
      const server = spawn(process.execPath, [path.join(__dirname, 'ownShop.server.mjs'), ...args], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let errors = '';
      server.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
      server.on('exit', (code) => reject(new Error(`${app} server exited (${code}): ${errors}`)));
      createInterface({ input: server.stdout! }).on('line', (line) => {
        if (line === 'listening') return resolve();
        const { path: requested, purpose } = JSON.parse(line) as { path: string; purpose: string };
        requests.push({ app, path: requested, purpose });
      });
      servers.set(app, server);
    });
  const stop = async (app: AppName) => {
    const server = servers.get(app);
    servers.delete(app);
    if (!server || server.exitCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill();
    await exited;
  };
  let markers = 0;
  const answeredSoFar = async (app: AppName) => {
    // A request of its own, answered after every earlier one: once it is in the log, so are they.
    const marker = `/own-shop-log-marker-${(markers += 1)}`;
    await fetch(`${origin(app)}${marker}`);
    while (!requests.some(({ path: requested }) => requested === marker)) await new Promise((resolve) => setTimeout(resolve, 20));
    return requests.filter(({ app: from, path: requested }) => from === app && !requested.startsWith('/own-shop-log-marker-'));
  };
  try {
    for (const { name } of apps) if (!down.includes(name as AppName)) await start(name as AppName);
  } catch (error) {
    for (const app of [...servers.keys()]) await stop(app);
    throw error;
  }

  return {
    origin,
    requests,
    answeredSoFar,
    start,
    stop,
    async close() {
      for (const app of [...servers.keys()]) await stop(app);
    },
  };
}

export interface OwnShopFixtures {
  /** Starts the test's own copy of the shop (with these apps down); it stops when the test ends, however it ends. */
  ownShop(options?: { down?: AppName[] }): Promise<OwnShop>;
}

export const ownShopFixtures: Fixtures<OwnShopFixtures> = {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none.
  ownShop: async ({}, use, testInfo) => {
    const started: OwnShop[] = [];
    await use(async ({ down } = {}) => {
      const shop = await startOwnShop({ workerIndex: testInfo.parallelIndex, workDir: testInfo.outputPath(), down });
      started.push(shop);
      return shop;
    });
    for (const shop of started) await shop.close();
  },
};
