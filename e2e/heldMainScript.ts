/**
 * A door in front of the shop that holds the host's main script until the test lets it through:
 * the rendered page is there and not alive, as on a slow phone, in any engine (WebDriver has no
 * way to hold a request of its own). Everything else passes as it came, the Host header too. A
 * page's first load in a fresh browser: a later page would take the main script from the cache.
 */
import { createServer, request, Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const MAIN_SCRIPT = /\/main\.[0-9a-f]+\.js$/;

export interface HeldDoor {
  origin: string;
  /** From now on the main script waits (until release). */
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

/** On a free port of its own, in front of `shop` (an origin). */
export async function heldMainScript(shop: string): Promise<HeldDoor> {
  const agent = new Agent({ keepAlive: true });
  let release = () => {};
  let open: Promise<void> = Promise.resolve();
  const server: Server = createServer(async (incoming, outgoing) => {
    if (MAIN_SCRIPT.test(incoming.url ?? '')) await open;
    const upstream = request(
      new URL(incoming.url ?? '/', shop),
      { method: incoming.method, headers: incoming.headers, agent },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    hold: () => void (open = new Promise((resolve) => (release = resolve))),
    release: () => release(),
    close: () =>
      new Promise((resolve) => {
        release();
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
