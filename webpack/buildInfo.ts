/** The version stamped on what a build produces. */
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = path.resolve(__dirname, '..');

type PackageJson = { version: string; dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
export const readPackage = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();

/** `<package version>+<commit or build time>`, unless MF_BUILD_VERSION is set. */
export function buildVersion(appDir: string): string {
  if (process.env.MF_BUILD_VERSION) return process.env.MF_BUILD_VERSION;
  const { version } = readPackage(appDir);
  try {
    const commit = git('rev-parse', '--short=10', 'HEAD');
    return `${version}+${commit}${git('status', '--porcelain', '--untracked-files=no') ? '.dirty' : ''}`;
  } catch {
    return `${version}+${new Date().toISOString().replace(/[-:]|\.\d+/g, '')}`;
  }
}
