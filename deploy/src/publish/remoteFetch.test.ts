import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { limitedFetch, remoteNamer } from './remoteFetch.ts';

/** A remote whose manifest answers, whose entry sends headers and never finishes, and whose chunk never answers. */
let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/cart/mf-manifest.json') return void response.end('{"name":"cart"}');
    if (request.url === '/cart/remoteEntry.js') return void response.writeHead(200).write('// never ends');
    // /cart/chunk.js: no answer at all
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const namer = () => remoteNamer({ cart: [`${origin}/cart/mf-manifest.json`] });

describe('a publish’s fetches of remote files', () => {
  it('pass an answer through whole', async () => {
    const { fetch } = limitedFetch(namer(), { fileMs: 1000, totalMs: 2000 });
    expect(await (await fetch(`${origin}/cart/mf-manifest.json`)).json()).toEqual({ name: 'cart' });
  });

  it.each(['/cart/remoteEntry.js', '/cart/chunk.js'])(
    'end within the limit for one file, naming the remote and the URL: %s',
    async (file) => {
      const { fetch } = limitedFetch(namer(), { fileMs: 200, totalMs: 5000 });
      const started = Date.now();
      await expect(fetch(`${origin}${file}`)).rejects.toThrow(`cart: ${origin}${file}: no answer within 0.2 s`);
      expect(Date.now() - started).toBeLessThan(2000);
    },
  );

  it('end once the publish’s time for remote files has run out, however many there are', async () => {
    const { fetch, deadline } = limitedFetch(namer(), { fileMs: 5000, totalMs: 300 });
    await expect(fetch(`${origin}/cart/chunk.js`)).rejects.toThrow(
      `cart: ${origin}/cart/chunk.js: the publish's 0.3 s for remote files ran out`,
    );
    expect(deadline.aborted).toBe(true);
    await expect(fetch(`${origin}/cart/mf-manifest.json`)).rejects.toThrow(/ran out/);
  });

  it('name an unreachable server', async () => {
    const { fetch } = limitedFetch(() => 'account', { fileMs: 1000, totalMs: 2000 });
    await expect(fetch('http://localhost:59/mf-manifest.json')).rejects.toThrow(
      /^account: http:\/\/localhost:59\/mf-manifest.json: .*ECONNREFUSED/,
    );
  });
});
