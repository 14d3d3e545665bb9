/** The host build read once into one checked object, or a problem that names the file and why. */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixtureShop, HOST_BUILD, type FixtureShop } from '../testing/fixtures.ts';
import { readHostBuild, watchHostBuild } from './hostBuild.ts';

let shop: FixtureShop;
beforeEach(() => (shop = fixtureShop()));
afterEach(() => shop.cleanup());

const hostDir = () => path.dirname(shop.hostDist);
const write = (name: string, text: string) => writeFileSync(path.join(shop.hostDist, name), text);

describe('reading the host build', () => {
  it('gives its id, route table, page shell and renderer file', () => {
    const build = readHostBuild(hostDir());
    expect(build.id).toBe(HOST_BUILD);
    expect(build.routes.map((route) => route.path)).toContain('/products/:slug');
    expect(build.shell.bootScript).toBe('start()');
    expect(build.rendererFile).toBe(path.join(hostDir(), 'dist-server', 'render.cjs'));
  });

  it.each([
    ['routes.json missing', () => rmSync(path.join(shop.hostDist, 'routes.json')), 'routes.json is missing'],
    ['routes.json cut short', () => write('routes.json', '[{"path":'), 'routes.json is not JSON'],
    ['routes.json empty', () => write('routes.json', '[]'), 'routes.json: must list a route'],
    ['a route without a pattern', () => write('routes.json', '[{"path":"/"}]'), 'routes.json: [0].pattern is missing'],
    ['a route without remotes', () => write('routes.json', '[{"path":"/","pattern":"^/$"}]'), 'routes.json: [0].remotes is missing'],
    ['page-shell.json missing', () => rmSync(path.join(shop.hostDist, 'page-shell.json')), 'page-shell.json is missing'],
    [
      'a shell without its build',
      () => write('page-shell.json', '{"headTags":[],"bootScript":"s()","stylesheets":{}}'),
      'page-shell.json: hostBuild is missing',
    ],
    [
      'a shell without the version its pages name',
      () => write('page-shell.json', '{"hostBuild":"b.1","bootScript":"s()","stylesheets":{},"headTags":[]}'),
      'page-shell.json: version is missing',
    ],
    [
      'a shell without head tags',
      () => write('page-shell.json', '{"hostBuild":"b","version":"b","bootScript":"s()","stylesheets":{},"headTags":{}}'),
      'page-shell.json: headTags must be a list of head tags',
    ],
  ])('%s', (_case, breakIt, problem) => {
    breakIt();
    expect(() => readHostBuild(hostDir())).toThrow(problem);
  });

  it('reads from another file system when given one (webpack’s in-memory output)', () => {
    const files: Record<string, string> = {
      'routes.json': '[{"path":"/","pattern":"^/$","remotes":[]}]',
      'page-shell.json': '{"hostBuild":"dev","version":"dev","headTags":[],"bootScript":"start()","stylesheets":{}}',
    };
    const read = (name: string) => (files[name] ? Buffer.from(files[name]) : undefined);
    const build = readHostBuild('/memory/host', { read, rendererFile: '/cache/host/render.cjs' });
    expect([build.id, build.routes.length, build.rendererFile]).toEqual(['dev', 1, '/cache/host/render.cjs']);
  });
});

describe('the host build under a running server', () => {
  it('follows a rebuild, and says once what is wrong until the build is whole again', () => {
    const lines: string[] = [];
    const watched = watchHostBuild(hostDir(), (line) => lines.push(line), { recheckMs: 0 });
    expect(watched.now().build?.id).toBe(HOST_BUILD);
    write('page-shell.json', '{"hostBuild":');
    expect(watched.now().build).toBeUndefined();
    watched.now();
    write('page-shell.json', '{"hostBuild":"0.1.0+next","version":"0.1.0+next","headTags":[],"bootScript":"start()","stylesheets":{}}');
    expect(watched.now().build?.id).toBe('0.1.0+next');
    expect(lines).toEqual([expect.stringContaining('page-shell.json is not JSON')]);
  });
});
