/**
 * The commands' one option parser (Node's parseArgs): a mistyped option or a missing value stops
 * the command with its usage, never a guess.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { LOCAL_ENVIRONMENT_DIR } from '../environment/layout.ts';

/** The repository's root (the builds are below it). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The environment option every command takes, and its default. */
export const ENV_OPTION = { env: { type: 'string' } } as const;
export const environmentDir = (value: string | undefined) => path.resolve(value ?? path.join(ROOT, LOCAL_ENVIRONMENT_DIR));

export function fail(command: string, message: string): never {
  console.error(`[${command}] ${message}`);
  process.exit(1);
}

export function parseOptions<Options extends NonNullable<ParseArgsConfig['options']>>(
  command: string,
  usage: string,
  options: Options,
  allowPositionals = false,
) {
  const args = process.argv.slice(2);
  if (args.includes('--help') || args.includes('-h')) {
    console.log(`usage: ${usage}`);
    process.exit(0);
  }
  try {
    return parseArgs({ args, options, allowPositionals, strict: true });
  } catch (error) {
    return fail(command, `${(error as Error).message}\nusage: ${usage}`);
  }
}
