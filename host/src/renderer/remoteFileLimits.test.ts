import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { REMOTE_FILE_LIMITS, remoteFileFetch, type RemoteFileLimits } from './remoteFiles';

/** A fetch of the remotes' files within `limits`, over the network. */
const limitedFetch = (locations: Parameters<typeof remoteFileFetch>[0], limits: RemoteFileLimits) => ({
  fetch: remoteFileFetch(locations, globalThis.fetch, limits),
});

/**
 * A remote whose manifest answers, whose entry sends headers and never finishes, whose chunk never
 * answers and whose big chunk never stops; and a listener on another port that must never be contacted.
 */
let server: Server;
let elsewhere: TcpServer;
let origin: string;
let elsewhereOrigin: string;
let contacts = 0;
const endless = { closed: false };
/** Resolves once the endless answer's connection is closed by the client (a test that never gets here times out). */
const droppedByTheClient = () =>
  new Promise<void>((resolve) => {
    const check = () => (endless.closed ? resolve() : setTimeout(check, 10));
    check();
  });

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/cart/mf-manifest.json') return void response.end('{"name":"cart"}');
    if (request.url === '/cart/remoteEntry.js') return void response.writeHead(200).write('// never ends');
    if (request.url === '/cart/big.js') {
      response.on('close', () => (endless.closed = true));
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const more = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', more);
      };
      return more();
    }
    // /cart/chunk.js: no answer at all
  });
  elsewhere = createTcpServer((socket) => {
    contacts += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  elsewhereOrigin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
  elsewhere.close();
});

const cart = () => ({ cart: [`${origin}/cart/mf-manifest.json`] });

describe('fetches of remote files, within their time', () => {
  it('pass an answer through whole', async () => {
    const { fetch } = limitedFetch(cart(), { fileMs: 1000, totalMs: 2000 });
    expect(await (await fetch(`${origin}/cart/mf-manifest.json`)).json()).toEqual({ name: 'cart' });
  });

  it.each(['/cart/remoteEntry.js', '/cart/chunk.js'])(
    'end within the limit for one file, naming the remote and the URL: %s',
    async (file) => {
      const { fetch } = limitedFetch(cart(), { fileMs: 200, totalMs: 5000 });
      const started = Date.now();
      await expect(fetch(`${origin}${file}`)).rejects.toThrow(`cart: ${origin}${file}: no answer within 0.2 s`);
      expect(Date.now() - started).toBeLessThan(2000);
    },
  );

  it('end once the publish’s time for remote files has run out, however many there are', async () => {
    const { fetch } = limitedFetch(cart(), { fileMs: 5000, totalMs: 300 });
    await expect(fetch(`${origin}/cart/chunk.js`)).rejects.toThrow(`cart: ${origin}/cart/chunk.js: the 0.3 s for remote files ran out`);
    await expect(fetch(`${origin}/cart/mf-manifest.json`)).rejects.toThrow(/ran out/);
  });

  it('have no total for a renderer that lives on (a server’s views on demand): a file is fetched however long it has lived', async () => {
    expect(REMOTE_FILE_LIMITS.totalMs).toBeUndefined();
    const { fetch } = limitedFetch(cart(), { fileMs: REMOTE_FILE_LIMITS.fileMs });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await (await fetch(`${origin}/cart/mf-manifest.json`)).json()).toEqual({ name: 'cart' });
  });

  it('name an unreachable server', async () => {
    const { fetch } = limitedFetch({ account: ['http://localhost:59/mf-manifest.json'] }, { fileMs: 1000, totalMs: 2000 });
    await expect(fetch('http://localhost:59/mf-manifest.json')).rejects.toThrow(
      /^account: http:\/\/localhost:59\/mf-manifest.json: .*ECONNREFUSED/,
    );
  });

  it('refuse a URL on no origin remotes.json lists, before any connection to it', async () => {
    const { fetch } = limitedFetch(cart(), { fileMs: 1000, totalMs: 2000 });
    for (const file of ['/cart.css', '/server/remoteEntry.js', '/mf-manifest.json'])
      await expect(fetch(`${elsewhereOrigin}${file}`)).rejects.toThrow(`${elsewhereOrigin}${file}: is on no origin remotes.json lists`);
    expect(contacts).toBe(0);
  });

  it('abandon a file past its size limit as it streams, naming the remote, the URL and the limit', async () => {
    const { fetch } = limitedFetch(cart(), { fileMs: 10_000, totalMs: 10_000 });
    const started = Date.now();
    await expect(fetch(`${origin}/cart/big.js`)).rejects.toThrow(`cart: ${origin}/cart/big.js: larger than the 4 MiB a script may be`);
    expect(Date.now() - started).toBeLessThan(5000);
    await droppedByTheClient();
  });
});
