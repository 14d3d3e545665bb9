/**
 * apps.json is the one list of the apps. Tools that can read it do (webpack, ESLint, jest, the
 * scripts); the places that cannot hold a copy, checked here against it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { RemoteName } from '@maison/shared';
import { APPS as apps, REMOTE_APPS as remotes } from '../apps.mts';

const root = path.resolve(__dirname, '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as unknown;

describe('apps.json', () => {
  it('names the remotes of the shared contract (RemoteName, from the module ids each remote exposes)', () => {
    // Every RemoteName as a key: the typecheck requires each one and refuses any other.
    const contractRemotes: Record<RemoteName, true> = { catalog: true, cart: true, account: true };
    expect(Object.keys(contractRemotes).sort()).toEqual(remotes.map(({ name }) => name).sort());
  });

  it('is the npm workspaces, with shared/ below them and deploy/ (serving and publishing) above', () => {
    const { workspaces } = readJson('package.json') as { workspaces: string[] };
    expect([...workspaces].sort()).toEqual(['shared', 'deploy', ...apps.map(({ dir }) => dir)].sort());
  });

  it("is what npm run typecheck reads: each app's src/", () => {
    const { config } = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile) as { config: { include: string[] } };
    for (const { dir } of apps) expect(config.include).toContain(`${dir}/src`);
  });
});
