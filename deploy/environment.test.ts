import { existsSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createGeneration,
  currentGeneration,
  notFoundFileOf,
  pageFileOf,
  publish,
  servableRender,
  writeGenerationFile,
} from './environment';

describe('rendered page files', () => {
  it.each([
    ['/', 'index.html'],
    ['/products', 'products.html'],
    ['/products/', 'products.html'],
    ['/products/hoi-an-handkerchief', 'products/hoi-an-handkerchief.html'],
    ['/about//', 'about.html'],
  ])('%s is %s', (pathname, file) => expect(pageFileOf(pathname)).toBe(file));

  it.each(['/Products', '/products/x.json', '/%0a', '/products/../etc', '/a b', '/_not-found', '//'])(
    '%s never has a file (its route is answered another way)',
    (pathname) => expect(pageFileOf(pathname)).toBeUndefined(),
  );

  it('keeps not-found pages where no path can reach them', () => {
    expect(notFoundFileOf('product-not-found')).toBe('_product-not-found.html');
    expect(pageFileOf('/_product-not-found')).toBeUndefined();
  });
});

describe('publishing a generation', () => {
  let env: string;
  beforeEach(() => (env = mkdtempSync(path.join(os.tmpdir(), 'maison-env-'))));
  afterEach(() => rmSync(env, { recursive: true, force: true }));

  it('serves nothing before the first publish, then the remotes.json and pages of the generation published last', () => {
    expect(currentGeneration(env)).toBeUndefined();
    const first = createGeneration(env, '{"catalog":"a"}');
    writeGenerationFile(first, 'pages/en/index.html', 'first');
    expect(currentGeneration(env)).toBeUndefined();
    publish(env, first);
    expect(currentGeneration(env)).toMatchObject({ remotesJson: '{"catalog":"a"}', render: undefined });
    const second = createGeneration(env, '{"catalog":"b"}');
    writeGenerationFile(second, 'render.json', '{"hostBuild":"h"}');
    publish(env, second);
    const current = currentGeneration(env)!;
    expect(current.remotesJson).toBe('{"catalog":"b"}');
    expect(current.render).toEqual({ hostBuild: 'h' });
    expect(readFileSync(path.join(env, 'current', 'remotes.json'), 'utf8')).toBe('{"catalog":"b"}');
    expect(readlinkSync(path.join(env, 'current'))).toBe(path.relative(env, second));
  });

  it('serves pages only from the generation published last, and only beside the host build that rendered them', () => {
    const rendered = createGeneration(env, '{"catalog":"a"}');
    writeGenerationFile(rendered, 'render.json', '{"hostBuild":"0.1.0+abc.1"}');
    publish(env, rendered);
    expect(servableRender(currentGeneration(env), '0.1.0+abc.1')).toEqual({ hostBuild: '0.1.0+abc.1' });
    // A host deploy without a new render: its files are not the ones the pages name.
    expect(servableRender(currentGeneration(env), '0.1.0+abc.2')).toBeUndefined();
    expect(servableRender(currentGeneration(env), undefined)).toBeUndefined();
    // remotes.json changed and published without pages (they could not be rendered): none served.
    publish(env, createGeneration(env, '{"catalog":"b"}'));
    expect(servableRender(currentGeneration(env), '0.1.0+abc.1')).toBeUndefined();
    // A hand edit of the environment's remotes.json changes nothing until it is published.
    writeFileSync(path.join(env, 'remotes.json'), '{"catalog":"c"}');
    expect(currentGeneration(env)?.remotesJson).toBe('{"catalog":"b"}');
  });

  it('keeps a few older generations for a rollback and removes the rest', () => {
    const dirs = Array.from({ length: 7 }, (_, n) => createGeneration(env, `{"n":${n}}`));
    for (const dir of dirs) publish(env, dir);
    expect(readdirSync(path.join(env, 'generations'))).toHaveLength(4);
    expect(existsSync(dirs[6]!)).toBe(true);
    expect(existsSync(dirs[0]!)).toBe(false);
  });
});
