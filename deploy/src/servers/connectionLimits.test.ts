/**
 * The Node server's connection limits, over real sockets: one client's share of the open
 * connections (so that one address cannot lock everyone out, probes included), headers that do not
 * arrive in time, and a request whose client went before it was answered (an upload cut off).
 * Linux's loopback takes any 127/8 address as a source: 127.0.0.2 is the attacker, 127.0.0.1 a shopper.
 */
import type { Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { textReply, toResponse, within, type ReplyHandler } from '../answer/http.ts';
import { withSecurityHeaders } from '../answer/layers.ts';
import { PROBE_PATHS, probes } from '../answer/health.ts';
import type { AccessLine } from '../observe/logger.ts';
import { serverLog } from '../observe/logger.ts';
import { CONNECTION_LIMITS, listen } from './node.ts';

const shop: ReplyHandler = async (_request, url) => textReply(200, {}, `answered ${url.pathname}`);
const answer = toResponse(within([withSecurityHeaders, (next) => probes(next, async () => ({ ready: true, checks: {} }))], shop));

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(
    servers.splice(0).map((server) => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    }),
  );
});

async function serve(options: Partial<Parameters<typeof listen>[2]> = {}, served = answer) {
  const server = await listen(served, 0, { isRemote: false, log: () => {}, ...options });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

const settled = async (done: () => boolean, within = 5000) => {
  for (const until = Date.now() + within; !done() && Date.now() < until;) await new Promise((resolve) => setTimeout(resolve, 20));
  return done();
};

/** A connection from `from` that sends `sent` (the start of a request) and never finishes it; says when it closed, in ms after it connected. */
function slow(port: number, from: string, sent = 'GET /products HTTP/1.1\r\nHost: shop\r\n') {
  const connection = { open: false, closed: false, closedAfter: -1 };
  let connected = 0;
  const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () => {
    connected = performance.now();
    connection.open = true;
    if (sent) socket.write(sent);
  });
  sockets.push(socket);
  socket.on('error', () => {});
  socket.on('close', () => {
    connection.closed = true;
    connection.closedAfter = connected ? performance.now() - connected : 0;
  });
  return { connection, socket };
}

/** A whole GET from `from`: its status line, or `closed`. */
function get(port: number, path: string, from = '127.0.0.1') {
  return new Promise<string>((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: from }, () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: shop\r\nConnection: close\r\n\r\n`),
    );
    sockets.push(socket);
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('error', () => {});
    socket.on('close', () => resolve(data.split('\r\n')[0] || 'closed'));
  });
}

describe('open connections per client', () => {
  it('one address holding 1,024 slow connections gets its share (CONNECTION_LIMITS.perClient) and the rest are closed at once; a shopper and the probes are answered', async () => {
    const port = await serve();
    const attacker = Array.from({ length: 1024 }, () => slow(port, '127.0.0.2'));
    const kept = () => attacker.filter(({ connection }) => connection.open && !connection.closed).length;
    const closed = () => attacker.filter(({ connection }) => connection.closed).length;
    expect(await settled(() => closed() === 1024 - CONNECTION_LIMITS.perClient)).toBe(true);
    expect(kept()).toBe(CONNECTION_LIMITS.perClient);

    const started = performance.now();
    expect(await get(port, '/products')).toBe('HTTP/1.1 200 OK');
    expect(await get(port, PROBE_PATHS.live)).toBe('HTTP/1.1 200 OK');
    expect(await get(port, PROBE_PATHS.ready)).toBe('HTTP/1.1 200 OK');
    expect(performance.now() - started).toBeLessThan(2000);
    // Still its share, no more: a new connection of the attacker's is closed unanswered.
    expect(await get(port, '/products', '127.0.0.2')).toBe('closed');

    // A connection that closes frees its place for the same client.
    attacker.find(({ connection }) => connection.open && !connection.closed)!.socket.destroy();
    expect(await settled(() => kept() === CONNECTION_LIMITS.perClient - 1)).toBe(true);
    let answered = 'closed';
    for (let attempt = 0; attempt < 20 && answered === 'closed'; attempt += 1) answered = await get(port, '/products', '127.0.0.2');
    expect(answered).toBe('HTTP/1.1 200 OK');
  });

  it('is an option; a trusted proxy (nginx, which limits per client itself) is not capped', async () => {
    const port = await serve({ connectionsPerClient: 2, trustedProxies: ['127.0.0.3'] });
    const client = Array.from({ length: 4 }, () => slow(port, '127.0.0.2'));
    const proxy = Array.from({ length: 4 }, () => slow(port, '127.0.0.3'));
    expect(await settled(() => client.filter(({ connection }) => connection.closed).length === 2)).toBe(true);
    // Enough time for any of the proxy's to have been closed.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(proxy.filter(({ connection }) => connection.open && !connection.closed)).toHaveLength(4);
    expect(await get(port, '/products', '127.0.0.3')).toBe('HTTP/1.1 200 OK');
  });
});

describe('headers that do not arrive in time', () => {
  it('close the connection once the headers timeout is past (within a second of it), logged as 408', async () => {
    const told: Array<Omit<AccessLine, 'app'>> = [];
    const port = await serve({ headersTimeout: 1000, observe: (line) => void told.push(line) });
    const partial = slow(port, '127.0.0.1').connection;
    const silent = slow(port, '127.0.0.1', '').connection;
    expect(await settled(() => partial.closed && silent.closed, 4000)).toBe(true);
    for (const { closedAfter } of [partial, silent]) {
      expect(closedAfter).toBeGreaterThanOrEqual(900);
      // Checked every second: past the timeout by a second at most (with Node's default, up to 30 s), and some room for a loaded machine.
      expect(closedAfter).toBeLessThan(3000);
    }
    expect(told).toContainEqual(expect.objectContaining({ method: '(unread)', status: 408, bytes: 0 }));
  });
});

describe('a request whose client went before it was answered', () => {
  /** A log into memory, its access lines and the server's own, parsed. */
  function memoryLog() {
    const written: string[] = [];
    const log = serverLog(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          written.push(...chunk.toString().split('\n').filter(Boolean));
          done();
        },
      }),
    );
    return { log, lines: () => (log.flush(), written.map((line) => JSON.parse(line) as Record<string, unknown>)) };
  }

  /** A beacon receiver as the answerer has one: it reads the body, and fails, or answers 400, when it cannot. */
  const receiver =
    (onReadError: 'throws' | 'answers 400'): ReplyHandler =>
    async (request, url, context) => {
      context.served = { route: url.pathname, servedAs: 'signals' };
      try {
        return textReply(204, {}, await request.text());
      } catch (error) {
        if (onReadError === 'throws') throw error;
        return textReply(400, {}, 'Not a report\n');
      }
    };

  it.each(['throws', 'answers 400'] as const)(
    'an upload cut off mid-body (the receiver %s): one access line, 499, no stack',
    async (onReadError) => {
      const { log, lines } = memoryLog();
      const port = await serve(
        { log: log.say, observe: (line) => log.access({ app: 'host', ...line }) },
        toResponse(receiver(onReadError)),
      );
      const upload = connect({ host: '127.0.0.1', port }, () => {
        upload.write('POST /rum HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"records":[');
        setTimeout(() => upload.destroy(), 100);
      });
      sockets.push(upload);
      upload.on('error', () => {});
      expect(await settled(() => lines().some((line) => line.msg === 'answered'))).toBe(true);
      // Anything the answerer would still say comes within a few milliseconds.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lines()).toEqual([
        expect.objectContaining({
          level: 'info',
          method: 'POST',
          route: '/rum',
          status: 499,
          bytes: 0,
          served: 'signals',
          msg: 'answered',
        }),
      ]);
    },
  );
});
