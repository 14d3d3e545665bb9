/** What the servers serve of an environment, whatever state its folder is in. */
import { mkdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixtureShop, REMOTES, renderRecord, writeGeneration, type FixtureShop } from '../testing/fixtures.ts';
import { watchEnvironment } from './served.ts';

const [FIRST, SECOND, THIRD] = ['20261124T000000000Z-1-0001', '20261124T000000000Z-1-0002', '20261124T000000000Z-1-0003'];
let shop: FixtureShop;
const lines: string[] = [];
const watch = () => watchEnvironment(shop.env, { log: (line) => lines.push(line), recheckMs: 0 });

beforeEach(() => {
  shop = fixtureShop();
  lines.length = 0;
});
afterEach(() => shop.cleanup());

describe('the environment as served', () => {
  it('before any publish: its own remotes.json, no pages, said once', () => {
    const environment = watch();
    expect(environment.now()).toMatchObject({ remotesJson: JSON.stringify(REMOTES), problem: 'not published yet' });
    expect(environment.now().generation).toBeUndefined();
    environment.now();
    expect(lines).toEqual(['[serve] environment: not published yet; serving remotes.json with every page rendered in the browser']);
  });

  it('the generation `current` names, and the next one the moment a publish switches to it', () => {
    writeGeneration(shop.env, FIRST);
    const environment = watch();
    expect(environment.now().generation?.id).toBe(FIRST);
    writeGeneration(shop.env, SECOND);
    expect(environment.now().generation?.id).toBe(SECOND);
    expect(lines).toEqual([`[serve] environment: serving generation ${FIRST}`, `[serve] environment: serving generation ${SECOND}`]);
  });

  it.each([
    [
      'its render.json cut short',
      (dir: string) => writeFileSync(path.join(dir, 'render.json'), '{"hostBuild":"0.1'),
      'render.json is not JSON',
    ],
    ['no remotes.json', (dir: string) => unlinkSync(path.join(dir, 'remotes.json')), 'remotes.json cannot be read (ENOENT)'],
    [
      'remotes.json that is not an object',
      (dir: string) => writeFileSync(path.join(dir, 'remotes.json'), '[]'),
      'remotes.json: must be a JSON object',
    ],
    [
      'a render.json missing its lists',
      (dir: string) => writeFileSync(path.join(dir, 'render.json'), '{"hostBuild":"h","origin":"o","renderedAt":"t"}'),
      'render.json: languages is missing',
    ],
    [
      'a page missing',
      (dir: string) => unlinkSync(path.join(dir, 'pages', 'vi', 'about.html')),
      'pages/vi/about.html cannot be read (ENOENT)',
    ],
    [
      'a page cut short',
      (dir: string) => writeFileSync(path.join(dir, 'pages', 'en', 'index.html'), '<!doctype html><html><body><div id="root">'),
      'pages/en/index.html is cut short',
    ],
    ['its folder gone', (dir: string) => rmSync(dir, { recursive: true }), 'remotes.json cannot be read (ENOENT)'],
  ])('current with %s: the last good generation before it, said in one line', (_case, breakIt, why) => {
    writeGeneration(shop.env, FIRST);
    breakIt(writeGeneration(shop.env, SECOND));
    const environment = watch();
    expect(environment.now().generation?.id).toBe(FIRST);
    environment.now();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`generation ${SECOND} cannot be served (${why}`);
    expect(lines[0]).toContain(`serving generation ${FIRST}, the last good one before it`);
  });

  it('a generation broken after it was served is seen, and a repaired one served again', () => {
    writeGeneration(shop.env, FIRST);
    const second = writeGeneration(shop.env, SECOND);
    const environment = watch();
    expect(environment.now().generation?.id).toBe(SECOND);
    writeFileSync(path.join(second, 'render.json'), '{');
    expect(environment.now().generation?.id).toBe(FIRST);
    writeFileSync(path.join(second, 'render.json'), JSON.stringify(renderRecord()));
    expect(environment.now().generation?.id).toBe(SECOND);
  });

  it('after a rollback, a broken current falls back to an older generation, never to the newer one rolled back from', () => {
    writeGeneration(shop.env, FIRST);
    const second = writeGeneration(shop.env, SECOND);
    writeGeneration(shop.env, THIRD, { current: false });
    writeFileSync(path.join(second, 'render.json'), '{');
    expect(watch().now().generation?.id).toBe(FIRST);
  });

  it('no good generation at all: the environment’s own remotes.json, or none when that is broken too', () => {
    writeFileSync(path.join(writeGeneration(shop.env, FIRST), 'render.json'), '');
    const ownOnly = watch().now();
    expect([ownOnly.generation, ownOnly.remotesJson]).toEqual([undefined, JSON.stringify(REMOTES)]);
    writeFileSync(path.join(shop.env, 'remotes.json'), '{"cart":');
    const served = watch().now();
    expect(served.remotesJson).toBe('{}');
    expect(served.problem).toMatch(/remotes.json is not JSON .*: no remote is served$/);
  });

  it('a `current` that names nothing that exists, and incoming generations, are never served', () => {
    writeGeneration(shop.env, FIRST);
    mkdirSync(path.join(shop.env, 'generations', `.incoming-${THIRD}`), { recursive: true });
    rmSync(path.join(shop.env, 'current'));
    symlinkSync(path.join('generations', THIRD), path.join(shop.env, 'current'));
    expect(watch().now().generation?.id).toBe(FIRST);
  });
});
