import { cartSlice, itemAdded, storedCart } from './cartSlice';
import { imageOriginsConfigured } from '../store/imageOrigins';
import { HOAN_KIEM } from '@test/sampleItems';

const scarf = HOAN_KIEM;
/** A good line as a stored cart holds it: its key is whatever was stored. */
const storedLine = { ...scarf, key: 'whatever', quantity: 3 };

describe('a stored cart (storedCart), read as a stranger’s data', () => {
  it('keeps a good line, its key recomputed', () => {
    expect(storedCart.validate([storedLine])).toMatchObject([{ variantId: '1', key: '1|||', quantity: 3 }]);
  });

  it.each([
    ['a negative price', { ...storedLine, unitPrice: -1 }],
    ['unsafe money', { ...storedLine, unitPrice: Number.MAX_SAFE_INTEGER }],
    ['a quantity that is not a number', { ...storedLine, quantity: NaN }],
    ['an image that is not an image URL', { ...storedLine, image: 'javascript:alert(1)' }],
    ['an overlong name', { ...storedLine, name: { en: 'x'.repeat(10_000), vi: 'x' } }],
    ['only a key and a quantity in words', { key: 'x', quantity: 'lots' }],
    ['a number for a line', 42],
    ['null for a line', null],
  ])('drops a line with %s and keeps the others', (_problem, junk) => {
    // Were the junk kept, it would merge into the good line or stand beside it.
    expect(storedCart.validate([junk, storedLine])).toMatchObject([{ variantId: '1', quantity: 3 }]);
  });

  it('keeps at most 50 lines', () => {
    const lines = Array.from({ length: 80 }, (_, index) => ({ ...scarf, variantId: String(index), key: String(index), quantity: 1 }));
    expect(storedCart.validate(lines)).toHaveLength(50);
  });
});

describe('the image origins the page names', () => {
  it.each([
    ['http://localhost:3001/images/1.svg', 'http://localhost:3001/images/1.svg'],
    ['http://evil.invalid/pixel.svg', ''],
  ])('leave the line with the image %p showing %p', (image, shown) => {
    const cart = cartSlice.reducer(undefined, itemAdded({ item: { ...scarf, image } }));
    const configured = cartSlice.reducer(
      cart,
      imageOriginsConfigured({ origins: ['http://localhost:3000', 'http://localhost:3001'], base: 'http://localhost:3000/cart' }),
    );
    expect(configured.lines.map(({ variantId, image: kept }) => [variantId, kept])).toEqual([['1', shown]]);
  });
});
