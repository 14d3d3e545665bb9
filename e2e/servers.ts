import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/**
 * One production build served by the production rules (scripts/static-server.mjs), in its own
 * process: `--dist DIR --port N --env ENVIRONMENT [--remote]` (an environment
 * folder: deploy/environment.ts). Resolves once it listens.
 */
export function serveBuild(args: string[]): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, [path.join(root, 'scripts', 'static-server.mjs'), ...args], { cwd: root });
    let errors = '';
    server.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve(server));
    server.on('exit', (code) => reject(new Error(`static server ${args.join(' ')} exited (${code}): ${errors}`)));
  });
}
