/**
 * Node's server around the answerer, over a real socket: what it hands the answerer (the target and
 * header lines as sent, for its limits layer) and what it refuses itself (what Node's parser or a
 * Web Request cannot carry).
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { textReply, toResponse, within, type ReplyHandler } from '../answer/http.ts';
import { headRequests, requestLimits, withSecurityHeaders } from '../answer/layers.ts';
import type { RequestContext } from '../answer/requestContext.ts';
import { listen } from './node.ts';

let server: Server;
let port: number;
/** The rules behind the answerer's outer layers: they must never run for a refused request. */
const rules = jest.fn<ReturnType<ReplyHandler>, Parameters<ReplyHandler>>(async (_request, url) =>
  textReply(200, { 'X-Answered': '1' }, `answered ${url.pathname}`),
);
const answer = toResponse(within([headRequests, withSecurityHeaders, requestLimits(true)], rules));
const textAnswer = (text: string) => new Response(text, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

beforeAll(async () => {
  server = await listen(answer, 0, { isRemote: true, log: () => {} });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => rules.mockClear());

/** Sends raw bytes, as any client may, and reads the whole answer. */
function raw(request: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head, body });
    });
  });
}
const get = (target: string, headers = '') => raw(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${headers}\r\n`);

describe('requests refused before the rules run', () => {
  it('passes a request through to the answerer, path as sent', async () => {
    const { status, head, body } = await get('/products/kh%C4%83n?x=1');
    expect([status, body]).toEqual([200, 'answered /products/kh%C4%83n']);
    expect(head.toLowerCase()).toContain('x-answered: 1');
  });

  it.each([
    ['a request line over 8 KB', `/${'a'.repeat(9000)}`, 414],
    ['15,000 slashes', '/'.repeat(15_000), 414],
    ['a request line over what Node itself reads', `/${'a'.repeat(200_000)}`, 414],
    ['an undecodable escape', '/%zz', 400],
    ['an escaped NUL', '/a%00b', 400],
    ['a climb above the root', '/../../etc/passwd', 400],
  ])('%s: %i, plain text, the closed policy, CORS on a remote', async (_case, target, status) => {
    const answered = await get(target);
    expect(answered.status).toBe(status);
    expect(answered.head.toLowerCase()).toContain("content-security-policy: default-src 'none'");
    expect(answered.head.toLowerCase()).toContain('access-control-allow-origin: *');
    expect(rules).not.toHaveBeenCalled();
  });

  it.each([
    ['a header line over 8 KB', `Cookie: ${'a'.repeat(9000)}\r\n`],
    ['headers over 32 KB in all', Array.from({ length: 6 }, (_, index) => `X-${index}: ${'a'.repeat(6000)}\r\n`).join('')],
    ['headers over what Node itself reads', Array.from({ length: 40 }, (_, index) => `X-${index}: ${'a'.repeat(7000)}\r\n`).join('')],
  ])('%s: 431', async (_case, headers) => {
    expect((await get('/', headers)).status).toBe(431);
    expect(rules).not.toHaveBeenCalled();
  });

  it('answers 400 to what is not HTTP at all', async () => {
    expect((await raw('HELLO\r\n\r\n')).status).toBe(400);
  });

  it.each(['TRACE', 'CONNECT', 'TRACK'])('answers %s, which a Web Request cannot carry, 405 with the security headers', async (method) => {
    const answered = await raw(
      `${method} ${method === 'CONNECT' ? 'localhost:80' : '/'} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
    );
    // TRACK is no method Node's parser knows: refused as malformed.
    expect(answered.status).toBe(method === 'TRACK' ? 400 : 405);
    expect(answered.head.toLowerCase()).toContain("content-security-policy: default-src 'none'");
    expect(answered.head.toLowerCase()).toContain('x-content-type-options: nosniff');
    if (method !== 'TRACK') expect(answered.head.toLowerCase()).toContain('allow: get, head');
    expect(rules).not.toHaveBeenCalled();
  });
});

describe('who asks', () => {
  it('is the peer, or what a trusted proxy forwarded', async () => {
    const seen = jest.fn(async (_request: Request, asker?: { client?: string }) => textAnswer(asker?.client ?? '-'));
    const proxied = await listen(seen, 0, { isRemote: false, log: () => {}, trustedProxies: ['127.0.0.1'] });
    const direct = await listen(seen, 0, { isRemote: false, log: () => {} });
    const ask = async (server: Server, headers: Record<string, string> = {}) =>
      (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers })).text();
    // A client cannot name itself: only a trusted proxy's last entry counts.
    expect(await ask(direct, { 'x-forwarded-for': '203.0.113.9' })).toBe('127.0.0.1');
    expect(await ask(proxied, { 'x-forwarded-for': 'spoofed, 203.0.113.9' })).toBe('203.0.113.9');
    expect(await ask(proxied)).toBe('127.0.0.1');
    for (const server of [proxied, direct]) server.closeAllConnections();
    await Promise.all([proxied, direct].map((server) => new Promise((resolve) => server.close(resolve))));
  });
});

describe('every answer', () => {
  it('carries its request id back, and is told once written: method, status, bytes, duration, what the answerer noted', async () => {
    const told: unknown[] = [];
    const noting = async (_request: Request, context?: RequestContext) => {
      context!.served = { route: '/products/:slug', servedAs: 'published' };
      return textAnswer('page');
    };
    const layered = toResponse(within([requestLimits(false)], async () => textReply(200, {}, 'page')));
    const server = await listen(
      async (request, context) => (new URL(request.url).pathname === '/products/x' ? noting(request, context) : layered(request, context)),
      0,
      {
        isRemote: false,
        log: () => {},
        observe: (line) => void told.push(line),
      },
    );
    const at = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const kept = await fetch(`${at}/products/x?utm_source=mail`, { headers: { 'x-request-id': 'edge-4f1c2a9e-01' } });
    const made = await fetch(`${at}/%zz`);
    expect(kept.headers.get('x-request-id')).toBe('edge-4f1c2a9e-01');
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    while (told.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(told).toEqual([
      {
        method: 'GET',
        status: 200,
        bytes: 4,
        duration: expect.any(Number),
        context: expect.objectContaining({ requestId: 'edge-4f1c2a9e-01', served: { route: '/products/:slug', servedAs: 'published' } }),
      },
      expect.objectContaining({ status: 400, context: expect.objectContaining({ served: { route: '(refused)', servedAs: 'refused' } }) }),
    ]);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
});

describe('open connections', () => {
  it('are capped: past the cap a new one is closed, the open ones are answered', async () => {
    const capped = await listen(answer, 0, { isRemote: true, log: () => {} });
    capped.maxConnections = 2;
    const at = (capped.address() as AddressInfo).port;
    const open = await Promise.all(
      [0, 1].map(
        () =>
          new Promise<Socket>((resolve) => {
            const socket = connect(at, '127.0.0.1', () => resolve(socket));
          }),
      ),
    );
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(at, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
      socket.on('close', () => resolve('closed'));
      socket.on('data', () => resolve('answered'));
      socket.on('error', () => resolve('closed'));
    });
    expect(refused).toBe('closed');
    const answered = await new Promise<string>((resolve) => {
      open[0]!.on('data', (chunk) => resolve(chunk.toString().split('\r\n')[0]!));
      open[0]!.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    });
    expect(answered).toBe('HTTP/1.1 200 OK');
    for (const socket of open) socket.destroy();
    await new Promise((resolve) => capped.close(resolve));
  });
});

describe('the host refuses with a page of the shop', () => {
  let host: Server;
  let hostPort: number;
  beforeAll(async () => {
    const hostAnswer = toResponse(within([headRequests, withSecurityHeaders, requestLimits(false)], rules));
    host = await listen(hostAnswer, 0, { isRemote: false, log: () => {} });
    hostPort = (host.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => host.close(resolve)));

  it.each([
    ['/%E0%A4%A', 400, 'en', 'Bad request'],
    ['/vi/%ZZ%00', 400, 'vi', 'Yêu cầu không hợp lệ'],
    [`/vi/${'a'.repeat(9000)}`, 414, 'vi', 'Địa chỉ quá dài'],
    [`/${'a'.repeat(200_000)}`, 414, 'en', 'Address too long'],
  ])('%s: %i in %s', async (target, status, language, title) => {
    const answered = await new Promise<{ head: string; body: string }>((resolve, reject) => {
      const socket = connect(hostPort, '127.0.0.1', () =>
        socket.end(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`),
      );
      let data = '';
      socket.on('data', (chunk) => (data += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve({ head: data.split('\r\n\r\n')[0]!, body: data.split('\r\n\r\n')[1] ?? '' }));
    });
    expect(answered.head).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(answered.head.toLowerCase()).toContain('content-type: text/html; charset=utf-8');
    expect(answered.body).toContain(`<html lang="${language}">`);
    expect(answered.body).toContain(`<h1>${title}</h1>`);
    expect(rules).not.toHaveBeenCalled();
  });
});

describe('any Web Response', () => {
  it('is written as it is: its status, each Set-Cookie on a line of its own, a body of several chunks whole; none for HEAD', async () => {
    const chunks = ['khăn ', 'lụa ', 'Hà Nội'].map((text) => new TextEncoder().encode(text));
    const told: { bytes: number }[] = [];
    const answering = async () => {
      const headers = new Headers({ 'Content-Type': 'text/plain; charset=utf-8' });
      headers.append('Set-Cookie', 'a=1; Path=/');
      headers.append('Set-Cookie', 'b=2; Path=/');
      headers.append('Vary', 'Accept');
      headers.append('Vary', 'Accept-Encoding');
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(chunk);
          controller.close();
        },
      });
      return new Response(body, { status: 203, headers });
    };
    const streamed = await listen(answering, 0, { isRemote: false, log: () => {}, observe: (line) => void told.push(line) });
    const at = (streamed.address() as AddressInfo).port;
    const ask = (method: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(at, '127.0.0.1', () => socket.end(`${method} / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
        let data = '';
        socket.on('data', (chunk) => (data += chunk.toString()));
        socket.on('error', reject);
        socket.on('close', () => resolve(data));
      });
    try {
      const got = await ask('GET');
      const [head = '', body = ''] = got.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1.1 203 /);
      expect(head.split('\r\n').filter((line) => /^set-cookie:/i.test(line))).toEqual([
        'set-cookie: a=1; Path=/',
        'set-cookie: b=2; Path=/',
      ]);
      expect(head.toLowerCase()).toContain('vary: accept, accept-encoding');
      // No length given: chunked (a size line, then its chunk), each chunk as it came.
      expect(body.split('\r\n').filter((_line, index) => index % 2 === 1)).toEqual(['khăn ', 'lụa ', 'Hà Nội']);
      const headOnly = await ask('HEAD');
      expect(headOnly.split('\r\n\r\n')[1]).toBe('');
      while (told.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(told.map(({ bytes }) => bytes)).toEqual([chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0), 0]);
    } finally {
      streamed.closeAllConnections();
      await new Promise((resolve) => streamed.close(resolve));
    }
  });
});
