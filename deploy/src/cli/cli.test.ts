/** The commands a pipeline runs: `--help` says how, and ends with 0; a mistyped option ends with 1 and the usage. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const CLI = path.resolve(__dirname);
const run = (command: string, ...args: string[]) =>
  spawnSync(process.execPath, [path.join(CLI, `${command}.ts`), ...args], { encoding: 'utf8', timeout: 30_000 });

describe('the commands', () => {
  it.each(['serve', 'serveNginx', 'publish', 'remotes', 'rollback', 'nginxConfig'])('%s --help prints its usage and exits 0', (command) => {
    const help = run(command, '--help');
    expect([help.status, help.stdout]).toEqual([0, expect.stringMatching(/^usage: npm run /)]);
  });

  it('refuse an option they do not know, with the usage, exiting 1', () => {
    const mistyped = run('publish', '--orgin', 'https://shop.example.com');
    expect(mistyped.status).toBe(1);
    expect(mistyped.stderr).toContain("Unknown option '--orgin'");
    expect(mistyped.stderr).toContain('usage: npm run render');
  });
});
