/** The shop at the edge (e2e/edgeShop.server.mts) for one test file: started in its own process, stopped with it. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

export interface EdgeShop {
  origin: string;
  close(): Promise<void>;
}

export function startEdgeShop(): Promise<EdgeShop> {
  const server = spawn(process.execPath, [path.join(__dirname, 'edgeShop.server.mts')], {
    cwd: path.resolve(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const close = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the edge shop exited (${code}) before it was ready`)));
    createInterface({ input: server.stdout! }).on('line', (line) => {
      const ready = /^ready (\S+)$/.exec(line);
      if (ready) resolve({ origin: ready[1]!, close });
      else console.log(line);
    });
  });
}
