import { refusedHeaders, refusedTarget, REQUEST_LIMITS } from './refusal.ts';

describe('request targets refused before any rule reads them (as nginx refuses them)', () => {
  it.each([
    ['/', undefined],
    ['/products?sort=price-asc', undefined],
    ['/products/kh%C4%83n', undefined],
    ['/a/../b', undefined],
    ['/a/..', undefined],
    ['/a%2fb', undefined],
    ['/%zz', 400],
    ['/x%', 400],
    ['/x%4', 400],
    ['/%00', 400],
    ['/../etc/passwd', 400],
    ['/a/../../etc/passwd', 400],
    ['/%2e%2e/etc/passwd', 400],
    ['/%2E./x', 400],
    ['/products/%2e%2e%2f%2e%2e%2fetc%2fpasswd', 400],
    ['/products/%2e%2e%2fabout', undefined],
    ['*', 400],
    ['http://evil.example.com/', 400],
    ['/?q=%zz', 400],
  ])('%p: %p', (target, status) => expect(refusedTarget(target)).toBe(status));

  it('answers 414 to a request line longer than the limit, however it is made', () => {
    expect(refusedTarget(`/${'a'.repeat(REQUEST_LIMITS.requestLine - 100)}`)).toBeUndefined();
    expect(refusedTarget(`/${'a'.repeat(REQUEST_LIMITS.requestLine)}`)).toBe(414);
    expect(refusedTarget('/'.repeat(15_000))).toBe(414);
  });

  it('answers 431 to a header line, or all of them, longer than the limits', () => {
    const line = (bytes: number) => ['Cookie', 'a'.repeat(bytes)];
    expect(refusedHeaders(['Host', 'localhost', ...line(4000)])).toBeUndefined();
    expect(refusedHeaders(line(REQUEST_LIMITS.headerLine))).toBe(431);
    const many = Array.from({ length: 6 }, (_, index) => [`X-${index}`, 'a'.repeat(6000)]).flat();
    expect(refusedHeaders(many)).toBe(431);
  });
});
