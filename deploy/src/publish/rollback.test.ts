import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { currentId } from '../environment/generation.ts';
import { fixtureShop, writeGeneration, type FixtureShop } from '../testing/fixtures.ts';
import { rollback } from './rollback.ts';

const [FIRST, SECOND, THIRD] = ['20261124T000000000Z-1-0001', '20261124T000000000Z-1-0002', '20261124T000000000Z-1-0003'];
let shop: FixtureShop;
beforeEach(() => (shop = fixtureShop()));
afterEach(() => shop.cleanup());
const log = () => {};

describe('a rollback', () => {
  it('serves the generation before the current one again, with its remotes.json as the environment’s', async () => {
    writeGeneration(shop.env, FIRST, { remotesJson: '{"cart":"https://cdn.example.com/cart/1/mf-manifest.json"}' });
    writeGeneration(shop.env, SECOND, { remotesJson: '{"cart":"https://cdn.example.com/cart/2/mf-manifest.json"}' });
    await rollback({ env: shop.env, log });
    expect(currentId(shop.env)).toBe(FIRST);
    expect(readFileSync(path.join(shop.env, 'remotes.json'), 'utf8')).toBe('{"cart":"https://cdn.example.com/cart/1/mf-manifest.json"}');
  });

  it('skips a broken generation, and goes to the one named', async () => {
    writeGeneration(shop.env, FIRST);
    writeFileSync(path.join(writeGeneration(shop.env, SECOND), 'render.json'), '{');
    writeGeneration(shop.env, THIRD);
    await rollback({ env: shop.env, log });
    expect(currentId(shop.env)).toBe(FIRST);
    await rollback({ env: shop.env, to: THIRD, log });
    expect(currentId(shop.env)).toBe(THIRD);
    await expect(rollback({ env: shop.env, to: SECOND, log })).rejects.toThrow(`generation ${SECOND} cannot be served`);
  });

  it('says so when there is nothing to go back to', async () => {
    writeGeneration(shop.env, FIRST);
    await expect(rollback({ env: shop.env, log })).rejects.toThrow(`there is no good generation before ${FIRST} to go back to`);
    expect(currentId(shop.env)).toBe(FIRST);
  });
});
