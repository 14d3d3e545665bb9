/** A file of the contract is read whole or refused with the file and the field that is wrong. */
import { PAGE_SHELL, ROUTE_TABLE } from './hostBuild';
import { JSON_OBJECT, readJson } from './readJson';
import { RENDER_RECORD } from './renderRecord';

const shell = {
  hostBuild: 'b.1',
  version: 'b',
  headTags: [{ tagName: 'meta', attributes: { charset: 'utf-8' } }],
  bootScript: 's()',
  stylesheets: {},
};

describe('reading a file of the contract', () => {
  it('gives back what a whole file says', () => {
    expect(readJson('page-shell.json', JSON.stringify(shell), PAGE_SHELL)).toEqual(shell);
    const routes = [
      {
        path: '/products/:slug',
        pattern: '^/products/([^/]+)$',
        remotes: ['catalog'],
        notFound: { page: 'product-not-found', shows: 'parameter' },
      },
    ];
    expect(readJson('routes.json', JSON.stringify(routes), ROUTE_TABLE)).toEqual(routes);
  });

  it.each([
    ['page-shell.json', '{"hostBuild":', PAGE_SHELL, /^page-shell\.json is not JSON \(/],
    ['page-shell.json', JSON.stringify({ ...shell, bootScript: '' }), PAGE_SHELL, /^page-shell\.json: bootScript must not be empty$/],
    [
      'page-shell.json',
      JSON.stringify({ ...shell, headTags: [{ tagName: 'meta', attributes: { a: 1 } }] }),
      PAGE_SHELL,
      /^page-shell\.json: headTags\[0\]\.attributes\.a /,
    ],
    ['routes.json', '[]', ROUTE_TABLE, /^routes\.json: must list a route$/],
    [
      'routes.json',
      '[{"path":"/","pattern":"^/$","remotes":["Cart!"]}]',
      ROUTE_TABLE,
      /^routes\.json: \[0\]\.remotes\[0\] must be a remote name$/,
    ],
    [
      'routes.json',
      '[{"path":"/","pattern":"^/$","remotes":[],"notFound":{"page":"gone"}}]',
      ROUTE_TABLE,
      /^routes\.json: \[0\]\.notFound\.page /,
    ],
    ['render.json', '{"hostBuild":"h"}', RENDER_RECORD, /^render\.json: origin is missing$/],
    ['remotes.json', '["cart"]', JSON_OBJECT, /^remotes\.json: must be a JSON object$/],
  ] as const)('%s %s: refused, saying where', (file, text, schema, message) => {
    expect(() => readJson(file, text, schema)).toThrow(message);
  });
});
