import { inlineSource } from '../render/renderRecord.ts';
import { allowsInline, FILE_POLICY, pagePolicy, policySource, securityHeaders, servedRemotes } from './policy.ts';

const LOCAL = JSON.stringify({
  catalog: 'http://localhost:3001/mf-manifest.json',
  cart: ['https://cdn.example.com/cart/2/mf-manifest.json', 'https://old.example.com/cart/1/mf-manifest.json'],
  account: '/account/mf-manifest.json',
});

/** The page policy when remotes.json names no remote origin: this origin only, nothing unsafe. */
const SELF_ONLY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "child-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "media-src 'none'",
  "manifest-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

describe('what the servers read from remotes.json', () => {
  it('allows the remotes’ origins, fallbacks included, and not the shop’s own', () => {
    expect(servedRemotes(LOCAL).origins).toEqual(['http://localhost:3001', 'https://cdn.example.com', 'https://old.example.com']);
  });

  it('reads a broken file as naming no remote, with the page’s own problems', () => {
    expect(servedRemotes('{not json')).toMatchObject({ locations: {}, origins: [] });
    expect(servedRemotes('{not json').problems[0]).toMatch(/must be a JSON object/);
    expect(servedRemotes(JSON.stringify({ cart: 'https://evil.example.com/cart/entry.js' })).origins).toEqual([]);
  });

  // `npm run remotes -- set cart 'https://*/mf-manifest.json' --no-verify` once opened the policy to every https origin.
  it.each([
    'https://*/mf-manifest.json',
    'https://*.example.com/mf-manifest.json',
    "https://a.example.com;script-src 'unsafe-inline'/mf-manifest.json",
    'https://a.example.com,b/mf-manifest.json',
    "https://'self'/mf-manifest.json",
  ])('never lets %p into the policy', (entry) => {
    const served = servedRemotes(JSON.stringify({ cart: entry }));
    expect(served.origins).toEqual([]);
    expect(pagePolicy(served)).toBe(SELF_ONLY_POLICY);
    expect(served.problems.join('\n')).toMatch(/cannot name|is not a URL/);
  });

  it('refuses to write a source that is not a plain origin, whatever let it through', () => {
    expect(policySource('https://cdn.example.com:8443')).toBe('https://cdn.example.com:8443');
    for (const bad of ['https://*', 'https://a;b', 'https://cdn.example.com/path', "https://'self'"])
      expect(() => policySource(bad)).toThrow(/cannot be named in the Content-Security-Policy/);
  });
});

describe('the policies', () => {
  it('lets a page load from this origin and the remotes’ only, with nothing unsafe', () => {
    const policy = pagePolicy(servedRemotes(LOCAL));
    expect(policy).toContain("script-src 'self' http://localhost:3001 https://cdn.example.com https://old.example.com;");
    expect(policy).toContain("default-src 'self' http://localhost:3001");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/unsafe|\*/);
  });

  it('allows the code rendered pages carry by its hash, exactly that and nothing unsafe', () => {
    const boot = inlineSource('boot()');
    const style = inlineSource('.a{color:red}');
    // The standard's example: the hash of `alert('Hello, world.');`.
    expect(inlineSource("alert('Hello, world.');")).toBe("'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='");
    const policy = pagePolicy(servedRemotes('{}'), { scripts: [boot], styles: [style, "'unsafe-inline'", '*'] });
    expect(policy).toContain(`script-src 'self' ${boot};`);
    expect(policy).toContain(`style-src 'self' ${style};`);
    expect(policy).not.toMatch(/unsafe|\*/);
    expect(allowsInline({ scripts: [boot], styles: [style] }, { scripts: ['boot()'], styles: ['.a{color:red}'] })).toBe(true);
    expect(allowsInline({ scripts: [boot], styles: [style] }, { scripts: ['boot()'], styles: ['.a{color:blue}'] })).toBe(false);
    expect(allowsInline(undefined, { scripts: ['boot()'], styles: [] })).toBe(false);
    expect(allowsInline(undefined, { scripts: [], styles: [] })).toBe(true);
  });

  // Pages report to the shop's own origin (SIGNALS_PATH): a report URL an older remotes.json names is refused, and opens nothing.
  it('names no origin for a report URL, wherever it points', () => {
    for (const reportUrl of ['https://rum.example.com/maison', 'http://localhost:3199/maison', '/rum']) {
      const served = servedRemotes(JSON.stringify({ ...JSON.parse(LOCAL), reportUrl }));
      expect(served).toEqual({ ...servedRemotes(LOCAL), problems: [expect.stringContaining('"reportUrl" is retired')] });
      expect(pagePolicy(served)).toContain("connect-src 'self' http://localhost:3001 https://cdn.example.com https://old.example.com;");
      expect(pagePolicy(served)).not.toMatch(/rum\.example|3199/);
    }
  });

  it('gives everything that is not a page a policy that allows nothing and never changes', () => {
    expect(FILE_POLICY).toBe("default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(securityHeaders(FILE_POLICY)).toMatchObject({
      'Content-Security-Policy': FILE_POLICY,
      'X-Content-Type-Options': 'nosniff',
      'X-Frame-Options': 'DENY',
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    });
    expect(securityHeaders(FILE_POLICY)['Permissions-Policy']).toContain('camera=()');
  });
});
