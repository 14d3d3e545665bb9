/** Node's server around the answerer, over a real socket: what it refuses before the answerer runs. */
import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { listen } from './node.ts';

let server: Server;
let port: number;
const answer = jest.fn(
  async (request: Request) => new Response(`answered ${new URL(request.url).pathname}`, { headers: { 'X-Answered': '1' } }),
);

beforeAll(async () => {
  server = await listen(answer, 0, { isRemote: true, log: () => {} });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => answer.mockClear());

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

describe('requests refused before the answerer runs', () => {
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
    expect(answer).not.toHaveBeenCalled();
  });

  it.each([
    ['a header line over 8 KB', `Cookie: ${'a'.repeat(9000)}\r\n`],
    ['headers over 32 KB in all', Array.from({ length: 6 }, (_, index) => `X-${index}: ${'a'.repeat(6000)}\r\n`).join('')],
    ['headers over what Node itself reads', Array.from({ length: 40 }, (_, index) => `X-${index}: ${'a'.repeat(7000)}\r\n`).join('')],
  ])('%s: 431', async (_case, headers) => {
    expect((await get('/', headers)).status).toBe(431);
    expect(answer).not.toHaveBeenCalled();
  });

  it('answers 400 to what is not HTTP at all', async () => {
    expect((await raw('HELLO\r\n\r\n')).status).toBe(400);
  });
});
