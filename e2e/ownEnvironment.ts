/**
 * A whole shop of one test file's own: its own environment folder and ports, served the way the
 * suite's stage serves (`npm run serve`, or `npm run serve:nginx` when E2E_SERVER=nginx), in its
 * own process, so a test can publish, break and restart it without touching the shop every other
 * test uses.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENT_FILE } from '@maison/deploy';
import { appsFrom, localOrigin, REMOTE_NAMES } from '../apps.mts';

const root = path.resolve(__dirname, '..');

export type AppName = 'host' | 'catalog' | 'cart' | 'account';

export interface OwnEnvironment {
  /** The environment's folder. */
  env: string;
  /** Each app's origin. */
  origins: Record<AppName, string>;
  /** Everything the shop's process has printed since it last started. */
  output: string[];
  /** Starts (or starts again) the shop's process; resolves once the host answers. */
  start(...args: string[]): Promise<void>;
  stop(): Promise<void>;
  /** Stops the shop and removes the folder. */
  remove(): Promise<void>;
}

/** An environment in `.e2e-<name>/` whose shop answers on `basePort`…`basePort + 3`. */
export function ownEnvironment(name: string, basePort: number): OwnEnvironment {
  const work = path.join(root, `.e2e-${name}`);
  const env = path.join(work, 'environment');
  const origins = Object.fromEntries(appsFrom(basePort).map((app) => [app.name, localOrigin(app)])) as Record<AppName, string>;
  const output: string[] = [];
  let shop: ChildProcess | undefined;

  rmSync(work, { recursive: true, force: true });
  mkdirSync(env, { recursive: true });
  const remotes = Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, `${origins[remote]}/mf-manifest.json`]));
  writeFileSync(path.join(env, ENVIRONMENT_FILE.remotes), `${JSON.stringify(remotes, null, 2)}\n`);
  writeFileSync(path.join(env, ENVIRONMENT_FILE.site), JSON.stringify({ origin: origins.host }));

  const stop = async () => {
    if (!shop || shop.exitCode !== null) return;
    const exited = new Promise((resolve) => shop!.once('exit', resolve));
    shop.kill('SIGTERM');
    await exited;
  };

  return {
    env,
    origins,
    output,
    async start(...args) {
      await stop();
      output.length = 0;
      const command = path.join(root, 'deploy', 'src', 'cli', process.env.E2E_SERVER === 'nginx' ? 'serveNginx.ts' : 'serve.ts');
      const started = spawn(process.execPath, [command, '--env', env, '--base-port', String(basePort), ...args], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      shop = started;
      for (const stream of [started.stdout!, started.stderr!])
        stream.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n')));
      const deadline = Date.now() + 60_000;
      for (;;) {
        if (started.exitCode !== null) throw new Error(`the shop exited (${started.exitCode}):\n${output.join('\n')}`);
        if ((await fetch(`${origins.host}/remotes.json`).catch(() => undefined))?.ok) return;
        if (Date.now() > deadline) throw new Error(`the shop did not answer:\n${output.join('\n')}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    stop,
    async remove() {
      await stop();
      rmSync(work, { recursive: true, force: true });
    },
  };
}
