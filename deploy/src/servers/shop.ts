/** Serving the shop: starts every app, then publishes; the host answers once the publish ends. */
// Why: docs/decisions/serving.md#publish-at-start
import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { HOST_APP, isHostApp, type AppEntry } from '../../../apps.mts';
import { createAnswerer } from '../answer/answer.ts';
import type { Answerer } from '../answer/http.ts';
import { watchEnvironment } from '../environment/served.ts';
import { environmentOf } from '../environment/environment.ts';
import { followEnvironment } from '../environment/follower.ts';
import { listen } from './node.ts';
import { nodeResponse } from './nodeResponse.ts';
import { EXIT } from '../publish/exitCodes.ts';
import { readPublishes } from '../environment/publishJournal.ts';
import type { ReadinessCheck } from '../answer/health.ts';
import type { AccessLine } from '../observe/logger.ts';
import { allReady, serveMetrics } from '../observe/metricsServer.ts';
import type { Observer } from '../observe/observer.ts';

const PUBLISH_COMMAND = path.join(import.meta.dirname, '..', 'cli', 'publish.ts');

interface ShopOptions {
  /** The folder holding each app's folder with its dist/ (the repository, or a copy of its builds). */
  root: string;
  /** The environment: a folder, or s3://bucket/prefix (followed into a working folder). */
  env: string;
  apps: readonly AppEntry[];
  distOf?: (app: AppEntry) => string;
  /** Where each app is served: its port (default), or a Unix socket's path (behind nginx). */
  listenOn?: (app: AppEntry) => number | string;
  /** Publish the environment from the remotes once they answer (default: when the host is served). */
  publish?: boolean;
  sourceMaps?: boolean;
  trustedProxies?: readonly string[];
  /** Open connections one client may hold on each app's port (servers/node.ts, CONNECTION_LIMITS.perClient by default). */
  connectionsPerClient?: number;
  log?: (line: string) => void;
  observer?: Observer;
  metricsAt?: { host: string; port: number } | undefined;
}

/** Runs a publish of `env` in its own process (it runs remote code); true once a generation went live. */
function publishInChild(env: string, hostDir: string, log: (line: string) => void): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [PUBLISH_COMMAND, '--env', env, '--host', hostDir], { stdio: ['ignore', 'pipe', 'pipe'] });
    for (const output of [child.stdout, child.stderr]) createInterface({ input: output }).on('line', log);
    child.on('close', (status) => resolve(status === EXIT.done || status === EXIT.degraded));
  });
}

type Serving = Required<Pick<ShopOptions, 'distOf' | 'listenOn' | 'log'>> &
  Pick<ShopOptions, 'sourceMaps' | 'observer' | 'trustedProxies' | 'connectionsPerClient'> & {
    environment: ReturnType<typeof watchEnvironment>;
    readiness: Record<string, ReadinessCheck>;
  };

/** One app's server: its answerer (the host's waits for the first publish), readiness and access lines. */
async function serveApp(app: AppEntry, published: Promise<void>, serving: Serving): Promise<Server> {
  const {
    distOf,
    listenOn,
    environment,
    sourceMaps = false,
    log,
    observer,
    trustedProxies = [],
    connectionsPerClient,
    readiness,
  } = serving;
  const dist = distOf(app);
  const isHost = isHostApp(app);
  const answer = createAnswerer({ app: { isHost, dist }, environment, sourceMaps, log, metrics: observer?.metrics, respond: nodeResponse });
  readiness[app.name] = answer.readiness;
  observer?.metrics?.watchReady(app.name, answer.readiness);
  const afterPublish: Answerer = isHost ? async (request, context) => (await published, answer.answer(request, context)) : answer.answer;
  const observe = observer && ((answered: Omit<AccessLine, 'app'>) => observer.answered({ app: app.name, ...answered }));
  const where = listenOn(app);
  const server = await listen(afterPublish, where, {
    isRemote: !isHost,
    log,
    trustedProxies,
    observe,
    ...(connectionsPerClient ? { connectionsPerClient } : {}),
  });
  const at = typeof where === 'number' ? `http://localhost:${where}` : `unix:${where}`;
  log(`[serve] ${app.name.padEnd(7)} ${at}  (${path.relative(process.cwd(), dist) || dist})`);
  return server;
}

export async function serveShop({
  root,
  env,
  apps,
  distOf = (app) => path.join(root, app.dir, 'dist'),
  listenOn = (app) => app.port,
  publish = apps.some(isHostApp),
  sourceMaps = false,
  trustedProxies = [],
  connectionsPerClient,
  log = console.log,
  observer,
  metricsAt,
}: ShopOptions): Promise<{ close(): Promise<void> }> {
  const followed = environmentOf(env);
  const follower = followEnvironment(followed, { log });
  await follower.first;
  const environment = watchEnvironment(followed.dir, { log, name: followed.name === followed.dir ? path.basename(env) : followed.name });
  observer?.metrics?.watchPublishes(() => readPublishes(followed.dir));
  observer?.metrics?.watchEnvironment(follower.reachable);
  const servers = new Map<string, Server>();
  const readiness: Record<string, ReadinessCheck> = {};
  const close = async () => {
    follower.stop();
    await Promise.all([...servers.values()].map((server) => new Promise((resolve) => server.close(resolve))));
    for (const server of servers.values()) server.closeAllConnections();
  };
  let publishEnded = () => {};
  const published = publish ? new Promise<void>((resolve) => (publishEnded = resolve)) : Promise.resolve();
  const serving = { distOf, listenOn, environment, sourceMaps, log, observer, trustedProxies, connectionsPerClient, readiness };
  try {
    for (const app of apps) servers.set(app.name, await serveApp(app, published, serving));
    if (observer?.metrics && metricsAt) {
      servers.set('metrics', await serveMetrics(observer.metrics, allReady(readiness), metricsAt));
      log(`[serve] metrics http://${metricsAt.host}:${metricsAt.port}/metrics  (and /healthz, /readyz)`);
    }
    if (publish && !(await publishInChild(env, path.join(root, HOST_APP.dir), log)))
      log('[serve] the publish failed: serving what the environment published last (above: why)');
    // The host answers with what was just published, not what the follower last saw (a store is followed every 250 ms).
    if (publish) await followed.follow().catch(() => {});
  } catch (error) {
    await close();
    throw error;
  } finally {
    publishEnded();
  }
  environment.now();
  return { close };
}
