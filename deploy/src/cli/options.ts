/** The commands' one option parser (Node's parseArgs): a mistyped option stops the command with its usage, never a guess. */
import path from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import shared from '../../../shared/package.json' with { type: 'json' };
import { LOCAL_ENVIRONMENT_DIR } from '../environment/layout.ts';
import { isStoreAddress } from '../environment/environment.ts';
import { EXIT } from '../publish/exitCodes.ts';
import type { Published } from '../publish/publish.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

export const ENV_OPTION = {
  env: {
    type: 'string',
    help: 'the environment: its folder (default deploy/local), or s3://bucket/prefix (keys as the AWS SDKs read them)',
  },
} as const;
/** `--env` as the commands take it: an object store's address as given, a folder resolved. */
export const environmentWhere = (value: string | undefined) =>
  value !== undefined && isStoreAddress(value) ? value : path.resolve(value ?? path.join(ROOT, LOCAL_ENVIRONMENT_DIR));
/** Where the answerer listens for `app` behind nginx (serve --sockets, serve:nginx, nginx:config). */
export const socketOf = (dir: string, app: { name: string }) => path.join(dir, `${app.name}.sock`);

/** The @maison/shared version this checkout's host provides: a remote built against a newer one is refused. */
export const contractVersion = () => shared.version;

export function fail(command: string, message: string): never {
  console.error(`[${command}] ${message}`);
  process.exit(EXIT.failed);
}

/** Runs a command's work: an error ends it with its message on standard error (exit 1). */
export const run = (command: string, work: () => Promise<unknown>) =>
  work().catch((error: unknown) => fail(command, (error as Error).message));

/** parseArgs's options, each with its line in the usage (`help`): one table for both. */
export type CommandOptions = Record<string, NonNullable<ParseArgsConfig['options']>[string] & { help?: string }>;

/** The usage is `synopsis`, then each option's `help`: printed by --help, and by `misused` after the problem (a mistyped option's). */
export function parseOptions<Options extends CommandOptions>(
  command: string,
  synopsis: string,
  options: Options,
  allowPositionals = false,
) {
  const helped = Object.entries(options).filter(([, option]) => option.help);
  const width = Math.max(0, ...helped.map(([name]) => name.length));
  const usage = [synopsis, ...helped.map(([name, { help }]) => `  --${name.padEnd(width)}  ${help}`)].join('\n');
  const misused = (problem: string) => fail(command, `${problem}\nusage: ${usage}`);
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(`usage: ${usage}`);
    process.exit(0);
  }
  try {
    return { ...parseArgs({ args, options, allowPositionals, strict: true }), misused };
  } catch (error) {
    return misused((error as Error).message);
  }
}

/** Ends a command that published: 2, with the problems, when its pages could not all be rendered. */
export function exitPublished(command: string, published: Published): never {
  if (published.outcome === 'degraded') {
    console.error(`[${command}] published, but not every page could be rendered; those routes are rendered in the browser:`);
    for (const problem of published.generation.render.problems) console.error(`  ${problem}`);
    process.exit(EXIT.degraded);
  }
  // The renderer keeps the remotes' connections open; the work is done.
  process.exit(EXIT.done);
}
