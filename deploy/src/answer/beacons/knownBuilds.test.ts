import type { Generation } from '../../environment/generation.ts';
import type { RenderRecord } from '@maison/host/contract';
import { knownBuilds } from './knownBuilds.ts';

const generation = (id: string, host: string, catalog: string[]): Generation => ({
  id,
  dir: `/env/generations/${id}`,
  remotesJson: '{}',
  render: {
    builds: {
      host,
      remotes: {
        catalog: catalog.map((build, index) => ({ manifest: `https://cdn.example.com/catalog/${index}/mf-manifest.json`, build })),
      },
    },
  } as unknown as RenderRecord,
});

describe('the builds a beacon may name', () => {
  it('are the served generation’s, and those served in the last half hour', () => {
    let now = 0;
    let current: Generation | undefined = generation('g1', 'h1', ['c1']);
    const known = knownBuilds(
      () => current,
      () => now,
    );
    expect(known().hosts).toEqual(new Set(['h1']));
    current = generation('g2', 'h2', ['c2', 'c1']);
    now = 60_000;
    const both = known();
    expect([
      both.hosts,
      both.isBuild('catalog', 'c1'),
      both.firstBuild('catalog'),
      both.buildAt('https://cdn.example.com/catalog/0/mf-manifest.json'),
    ]).toEqual([new Set(['h1', 'h2']), true, 'c2', expect.stringMatching(/^c[12]$/)]);
    now = 60_000 + 31 * 60_000;
    expect(known().hosts).toEqual(new Set(['h2']));
    expect(known().isBuild('catalog', 'c9')).toBe(false);
  });
});
