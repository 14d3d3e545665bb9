/** The shop at the edge (scripts/edge-shop.mts: Node runs it as it is, where Playwright would compile it to CommonJS) for one test file, stopped with it. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export type EdgeShop =
  | {
      /** workerd's origin; `node`: Node's host answering the same store. */
      origin: string;
      node: string;
      skipped?: undefined;
      close(): Promise<void>;
    }
  /** No Ceph gateway can be had here (why), as the store's jest tests skip. */
  | { skipped: string; close(): Promise<void> };

export function startEdgeShop(): Promise<EdgeShop> {
  const server = spawn(process.execPath, [path.join(__dirname, '..', 'scripts', 'edge-shop.mts')], {
    cwd: path.resolve(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const close = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    // 'close': after its output was read (a `skip` line comes just before it exits).
    server.once('close', (code) => reject(new Error(`the edge shop exited (${code}) before it was ready`)));
    createInterface({ input: server.stdout! }).on('line', (line) => {
      if (line.startsWith('skip ')) return resolve({ skipped: line.slice('skip '.length), close });
      const ready = /^ready (\{.*\})$/.exec(line);
      if (!ready) return void console.log(line);
      const shown = JSON.parse(ready[1]!) as { edge: string; node: string };
      resolve({ origin: shown.edge, node: shown.node, close });
    });
  });
}
