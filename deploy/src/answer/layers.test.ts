/** Each layer every answer goes through, alone: a handler inside it, a Web Request in, a Web Response out. */
import { bodyOf, typeOf } from './bodies.ts';
import { textReply, toResponse, within, type Layer, type Reply, type ReplyHandler } from './http.ts';
import { compressed, conditionalGet, headRequests, normalAddresses, onlyReads, requestLimits, withSecurityHeaders } from './layers.ts';
import { newContext } from './requestContext.ts';

const PAGE = bodyOf(Buffer.from(`<!doctype html><html><body>${'silk '.repeat(400)}</body></html>`), typeOf('.html'));
const pageReply = (): Reply => ({ status: 200, headers: { 'Cache-Control': 'no-cache' }, body: PAGE });

/** `layer` around a handler that answers `reply` and records that it ran. */
function around(layer: Layer, reply: () => Reply = pageReply) {
  const inner = jest.fn<ReturnType<ReplyHandler>, Parameters<ReplyHandler>>(async () => reply());
  const answer = toResponse(within([layer], inner));
  return {
    inner,
    ask: (path: string, init: RequestInit = {}, context = newContext('test-request-1')) =>
      answer(new Request(`http://shop.invalid${path}`, init), context),
  };
}

describe('request limits', () => {
  it.each([
    [`/vi/${'a'.repeat(9000)}`, 414, 'vi'],
    ['/%zz', 400, 'en'],
    ['/a%00b', 400, 'en'],
  ])('%s: %i, the refusal page in %s, the rules never run', async (target, status, language) => {
    const { inner, ask } = around(requestLimits(false));
    const answered = await ask(target);
    expect(answered.status).toBe(status);
    expect(answered.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await answered.text()).toContain(`<html lang="${language}"`);
    expect(inner).not.toHaveBeenCalled();
  });

  it('reads the target as sent when the server gives it (a Web Request has resolved the climb)', async () => {
    const { inner, ask } = around(requestLimits(true));
    const context = { ...newContext('test-request-2'), sent: { target: '/../../etc/passwd', headerLines: [] } };
    const answered = await ask('/etc/passwd', {}, context);
    expect([answered.status, answered.headers.get('access-control-allow-origin')]).toEqual([400, '*']);
    expect(context.served).toEqual({ route: '(refused)', servedAs: 'refused' });
    expect(inner).not.toHaveBeenCalled();
  });

  it('431 for a header line over 8 KB; anything within the limits goes through', async () => {
    const { inner, ask } = around(requestLimits(true));
    expect((await ask('/', { headers: { cookie: 'a'.repeat(9000) } })).status).toBe(431);
    expect((await ask('/products?sort=price-asc', { headers: { cookie: 'a'.repeat(100) } })).status).toBe(200);
    expect(inner).toHaveBeenCalledTimes(1);
  });
});

describe('security headers', () => {
  it('puts the closed policy on an answer that set none, and leaves a page its own', async () => {
    expect((await around(withSecurityHeaders).ask('/x')).headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    const page = around(withSecurityHeaders, () => ({ ...pageReply(), headers: { 'Content-Security-Policy': "default-src 'self'" } }));
    const answered = await page.ask('/');
    expect(answered.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(answered.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('HEAD', () => {
  it('is GET’s answer without its body, its length said', async () => {
    const answered = await around(headRequests).ask('/', { method: 'HEAD' });
    expect([answered.status, answered.headers.get('content-length'), await answered.text()]).toEqual([200, String(PAGE.bytes.length), '']);
    expect(await (await around(headRequests).ask('/')).text()).toContain('silk');
  });
});

describe('conditional GET', () => {
  it.each([
    [PAGE.etag!, 304],
    [`W/${PAGE.etag!}, "other"`, 304],
    ['"other"', 200],
  ])('If-None-Match %s: %i', async (tag, status) => {
    const answered = await around(conditionalGet).ask('/', { headers: { 'if-none-match': tag } });
    expect([answered.status, answered.headers.get('etag')]).toEqual([status, PAGE.etag]);
    if (status === 304) expect(await answered.text()).toBe('');
  });

  it('never turns an error into a 304', async () => {
    const failing = around(conditionalGet, () => ({ ...pageReply(), status: 404 }));
    expect((await failing.ask('/', { headers: { 'if-none-match': PAGE.etag! } })).status).toBe(404);
  });
});

describe('compression', () => {
  it('brotli for a client that takes it, its own ETag, and Vary whichever encoding is chosen', async () => {
    const brotli = await around(compressed).ask('/', { headers: { 'accept-encoding': 'gzip, br' } });
    expect([brotli.headers.get('content-encoding'), brotli.headers.get('vary')]).toEqual(['br', 'Accept-Encoding']);
    expect(brotli.headers.get('etag')).not.toBe(PAGE.etag);
    const plain = await around(compressed).ask('/');
    expect([plain.headers.get('content-encoding'), plain.headers.get('vary')]).toEqual([null, 'Accept-Encoding']);
  });

  it('leaves a short text as it is', async () => {
    const short = await around(compressed, () => textReply(200, {}, 'ok\n')).ask('/', { headers: { 'accept-encoding': 'br' } });
    expect([short.headers.get('content-encoding'), await short.text()]).toEqual([null, 'ok\n']);
  });
});

describe('reads only', () => {
  it('405 with Allow for anything but GET and HEAD', async () => {
    const { inner, ask } = around(onlyReads(false));
    const answered = await ask('/', { method: 'DELETE' });
    expect([answered.status, answered.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    expect(inner).not.toHaveBeenCalled();
  });
});

describe('normal addresses', () => {
  it.each([
    ['//products', '/products'],
    ['/products/%6Bhan?sort=name-asc', '/products/khan?sort=name-asc'],
  ])('%s: 301 to %s, never kept', async (path, location) => {
    const answered = await around(normalAddresses({})).ask(path, { redirect: 'manual' });
    expect([answered.status, answered.headers.get('location'), answered.headers.get('cache-control')]).toEqual([301, location, 'no-store']);
  });
});
