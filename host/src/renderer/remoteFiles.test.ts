import { createServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer } from 'node:net';
import { REMOTE_FILE_BYTES, remoteFileFetch } from './remoteFiles';

/** A remote on this machine, with a script that never ends, and a listener elsewhere that must never be contacted. */
let remote: Server;
let elsewhere: TcpServer;
let origin = '';
let elsewhereOrigin = '';
let contacts = 0;
const endless = { closed: false };

/** Resolves once the endless answer's connection is closed by the client (a test that never gets here times out). */
const droppedByTheClient = () =>
  new Promise<void>((resolve) => {
    const check = () => (endless.closed ? resolve() : setTimeout(check, 10));
    check();
  });

beforeAll(async () => {
  remote = createServer((request, response) => {
    if (request.url === '/cart/mf-manifest.json') return void response.end('{"name":"cart"}');
    if (request.url === '/cart/remoteEntry.js') return void response.end('// the entry');
    if (request.url === '/cart/big.css')
      return void response.writeHead(200, { 'content-length': String(REMOTE_FILE_BYTES.stylesheet + 1) }).end();
    if (request.url === '/cart/moved.js') return void response.writeHead(302, { location: `${elsewhereOrigin}/x.js` }).end();
    if (request.url === '/cart/endless.js') {
      response.on('close', () => (endless.closed = true));
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const more = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', more);
      };
      return more();
    }
    response.writeHead(404).end();
  });
  elsewhere = createTcpServer((socket) => {
    contacts += 1;
    socket.destroy();
  });
  await Promise.all([
    new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve)),
    new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve)),
  ]);
  origin = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  elsewhereOrigin = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`;
});
afterAll(() => {
  remote.closeAllConnections();
  remote.close();
  elsewhere.close();
});
beforeEach(() => (contacts = 0));

const cartFiles = () => remoteFileFetch({ cart: [`${origin}/cart/mf-manifest.json`] });

describe('a fetch of remote files', () => {
  it('passes a file of a listed remote through whole', async () => {
    expect(await (await cartFiles()(`${origin}/cart/mf-manifest.json`)).json()).toEqual({ name: 'cart' });
    expect(await (await cartFiles()(`${origin}/cart/remoteEntry.js`)).text()).toBe('// the entry');
  });

  it('refuses a URL on an origin remotes.json does not list, before any connection', async () => {
    await expect(cartFiles()(`${elsewhereOrigin}/cart.css`)).rejects.toThrow(
      `a remote: ${elsewhereOrigin}/cart.css: is on no origin remotes.json lists (${origin}): not fetched`,
    );
    expect(contacts).toBe(0);
  });

  it('refuses http away from this machine, even on a listed origin', async () => {
    const files = remoteFileFetch({ cart: ['http://cdn.example.com/cart/mf-manifest.json'] });
    await expect(files('http://cdn.example.com/cart/remoteEntry.js')).rejects.toThrow(
      'cart: http://cdn.example.com/cart/remoteEntry.js: is not https (http only for localhost, 127.0.0.0/8 and [::1]): not fetched',
    );
  });

  it('refuses what is not a manifest, a script or a stylesheet', async () => {
    await expect(cartFiles()(`${origin}/cart/images/x.svg`)).rejects.toThrow(/is not a manifest, a script or a stylesheet: not fetched$/);
  });

  it('refuses a redirect, without following it', async () => {
    await expect(cartFiles()(`${origin}/cart/moved.js`)).rejects.toThrow(
      `cart: ${origin}/cart/moved.js: answered HTTP 302 to ${elsewhereOrigin}/x.js: a remote's files are not redirected`,
    );
    expect(contacts).toBe(0);
  });

  it('abandons an answer as it streams past its kind’s limit, naming the remote, the URL and the limit', async () => {
    await expect(cartFiles()(`${origin}/cart/endless.js`)).rejects.toThrow(
      `cart: ${origin}/cart/endless.js: larger than the 4 MiB a script may be`,
    );
    // The answer never ends: only a read that stops at the limit gets here. The server sees it dropped.
    await droppedByTheClient();
  });

  it('refuses an answer that says it is too large before reading it', async () => {
    await expect(cartFiles()(`${origin}/cart/big.css`)).rejects.toThrow(
      `cart: ${origin}/cart/big.css: larger than the 256 KiB a stylesheet may be`,
    );
  });

  it('names an unreachable remote by the network’s words', async () => {
    const files = remoteFileFetch({ account: ['http://localhost:59/mf-manifest.json'] });
    await expect(files('http://localhost:59/mf-manifest.json')).rejects.toThrow(
      /^account: http:\/\/localhost:59\/mf-manifest.json: .*ECONNREFUSED/,
    );
  });
});
