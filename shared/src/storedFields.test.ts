import { hasOriginIn, isBoundedText, isIdentifier, isImageUrl, isLocalizedText, isMoney, STORED_LIMITS } from './storedFields';

describe('stored field rules', () => {
  it.each([
    ['https://cdn.example.com/catalog/images/hoi-an.svg', true],
    ['http://localhost:3001/images/hoi-an-old-town.svg', true],
    ['/images/1.svg', true],
    ['https://cdn.example.com/a.WEBP?v=2', true],
    ['javascript:alert(1)//.svg', false],
    ['data:image/svg+xml,<svg onload=alert(1)>.svg', false],
    ['http://evil.invalid/pixel.gif', false],
    ['https://user:pass@cdn.example.com/a.svg', false],
    ['https://cdn.example.com/images/', false],
    ['', false],
    [`https://cdn.example.com/${'a'.repeat(STORED_LIMITS.url)}.svg`, false],
    [42, false],
  ])('image URL %p is %p', (value, accepted) => {
    expect(isImageUrl(value)).toBe(accepted);
  });

  it('knows which origin serves an image', () => {
    const origins = ['http://localhost:3000', 'http://localhost:3001'];
    expect(hasOriginIn('http://localhost:3001/images/a.svg', origins, 'http://localhost:3000/cart')).toBe(true);
    expect(hasOriginIn('/images/a.svg', origins, 'http://localhost:3000/cart')).toBe(true);
    expect(hasOriginIn('http://evil.invalid/images/a.svg', origins, 'http://localhost:3000/cart')).toBe(false);
    expect(hasOriginIn('http://[', origins, 'http://localhost:3000/')).toBe(false);
  });

  it('keeps money exact: whole, not negative, bounded', () => {
    expect(isMoney(10_000)).toBe(true);
    expect(isMoney(0)).toBe(true);
    expect(isMoney(STORED_LIMITS.unitPrice)).toBe(true);
    expect(isMoney(STORED_LIMITS.unitPrice + 1)).toBe(false);
    expect(isMoney(Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isMoney(10.5)).toBe(false);
    expect(isMoney(-1)).toBe(false);
    expect(isMoney(Number.NaN)).toBe(false);
    expect(isMoney('10000')).toBe(false);
  });

  it('caps text and refuses markup in ids', () => {
    expect(isBoundedText('Hoi An')).toBe(true);
    expect(isBoundedText('   ')).toBe(false);
    expect(isBoundedText('x'.repeat(STORED_LIMITS.text + 1))).toBe(false);
    expect(isLocalizedText({ en: 'Scarf', vi: 'Khăn' })).toBe(true);
    expect(isLocalizedText({ en: 'Scarf', vi: 'x'.repeat(1_000_000) })).toBe(false);
    expect(isIdentifier('MK-10428')).toBe(true);
    expect(isIdentifier('1|S|Jade|')).toBe(true);
    expect(isIdentifier('<img src=x onerror=alert(1)>')).toBe(false);
    expect(isIdentifier('a\nb')).toBe(false);
    expect(isIdentifier('M'.repeat(1_000_000))).toBe(false);
  });
});
