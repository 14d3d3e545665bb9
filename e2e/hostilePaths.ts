/**
 * A fixed, seeded list of hostile and mistyped paths: dots, encoded line breaks, unicode,
 * long segments, `..`, double slashes, malformed escapes and script payloads, alone and
 * under every route prefix. The same seed gives the same list on every run.
 */
const HANDWRITTEN = [
  '/products/v1.2',
  '/products/a.b',
  '/products/x.json',
  '/products/window.x',
  '/products/hoi-an-handkerchief.html',
  '/x.js',
  '/index.php',
  '/.env',
  '/.git/config',
  '/cart/.hidden',
  '/a.b.c/d.e',
  '/%0a',
  '/%0d',
  '/%0d%0a',
  '/%E2%80%A8',
  '/%E2%80%A9',
  '/cart/%0a',
  '/about%0A',
  '/products/%0d%0aSet-Cookie:%20pwned=1',
  '/products/x%00y',
  '/%',
  '/%zz',
  '/products/%E0%A4%A',
  '/products/%C0%AF',
  '/sản-phẩm',
  '/products/khăn-tay-hội-an',
  '/%F0%9F%98%80',
  '/%E2%80%AE%E2%80%AD',
  '/products/%E2%80%8B',
  '/products%EF%BC%8Fhoi-an-handkerchief',
  `/${'a'.repeat(2000)}`,
  `/products/${'x'.repeat(3000)}`,
  `/${'a/'.repeat(300)}`,
  '/products/../../etc/passwd',
  '/%2e%2e/%2e%2e/etc/passwd',
  '/products/%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/products/..%5c..%5cwindows',
  '//evil.invalid/',
  '///x',
  '/products//hoi-an-handkerchief',
  '/cart//',
  '/<script>window.__pwned=1</script>',
  '/%3Cscript%3Ewindow.__pwned%3D1%3C%2Fscript%3E',
  '/products/%22%3E%3Cimg%20src%3Dx%20onerror%3Dwindow.__pwned%3D1%3E',
  '/javascript:window.__pwned=1',
  '/products/javascript:alert(1)',
  '/products/${7*7}',
  "/{{constructor.constructor('window.__pwned=1')()}}",
  '/products/__proto__',
  '/products/constructor',
  '/product/0',
  '/product/11',
  '/product/-1',
  '/product/1e3',
  '/product/<svg onload=alert(1)>',
  '/PRODUCTS/nope',
  '/profile/../../../',
  '/checkout/%252e%252e',
];

const PREFIXES = ['', '/products', '/product', '/cart', '/checkout', '/profile', '/about', '/contact'];

const SEGMENTS = [
  'v1.2',
  'a.b',
  'x.json',
  'style.css',
  '%0a',
  '%0D%0A',
  '%E2%80%A8',
  '%',
  '%zz',
  '%E0%A4%A',
  'khăn',
  '%F0%9F%A7%A3',
  '..',
  '%2e%2e',
  '',
  '<b>x</b>',
  '%3Cscript%3E',
  'javascript:alert(1)',
  '"onmouseover="alert(1)',
  "'-alert(1)-'",
  'window.x',
  '__proto__',
  '~root',
  '@evil.invalid',
  ';jsessionid=1',
  'x'.repeat(300),
];

/** mulberry32: a small seeded PRNG, so the fuzz list is the same on every run. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hostilePaths(seed = 20261122, generated = 160): string[] {
  const random = seeded(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const paths = new Set(HANDWRITTEN);
  while (paths.size < HANDWRITTEN.length + generated) {
    const depth = 1 + Math.floor(random() * 3);
    const segments = Array.from({ length: depth }, () => pick(SEGMENTS));
    paths.add(`${pick(PREFIXES)}/${segments.join(random() < 0.2 ? '//' : '/')}`);
  }
  return [...paths];
}
