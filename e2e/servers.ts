/**
 * The tests' way to serve builds and run the deploy commands, exactly as an operator does
 * (the npm scripts): each in a process of its own, on the project's Node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
/** The npm script each command is (`publish` is `npm run render`): package.json says which file it runs. */
const NPM_SCRIPT = { serve: 'serve', remotes: 'remotes', publish: 'render', rollback: 'rollback', rollout: 'rollout' } as const;
const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const cli = (command: keyof typeof NPM_SCRIPT) => path.join(root, scripts[NPM_SCRIPT[command]]!.replace(/^node /, ''));

/**
 * One production build served by the one answerer (`npm run serve -- --build …`), in its own
 * process; resolves once it listens. `env`: the environment folder a host build serves.
 */
export function serveBuild({
  build,
  port,
  env,
  remote = false,
}: {
  build: string;
  port: number;
  env?: string;
  remote?: boolean;
}): Promise<ChildProcess> {
  const args = ['--build', build, '--port', String(port), ...(env ? ['--env', env] : []), ...(remote ? ['--remote'] : [])];
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, [cli('serve'), ...args], { cwd: root });
    let errors = '';
    server.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    server.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve(server));
    server.on('exit', (code) => reject(new Error(`serve ${args.join(' ')} exited (${code}): ${errors}`)));
  });
}

export interface CommandResult {
  status: number | null;
  output: string;
}

/** `npm run <command> -- …args` (remotes, render, rollback, rollout) for the environment `env`; resolves when it ends. */
export function deployCommand(
  command: 'remotes' | 'publish' | 'rollback' | 'rollout',
  env: string,
  ...args: string[]
): Promise<CommandResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli(command), ...args, '--env', env], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** A command that runs until stopped (`npm run rollout -- judge …`): its output so far, and a way to stop it. */
export function longCommand(command: 'rollout', env: string, ...args: string[]): { output: string[]; stop(): Promise<void> } {
  const child = spawn(process.execPath, [cli(command), ...args, '--env', env], { cwd: root });
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr])
    stream.on('data', (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean)));
  return {
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
