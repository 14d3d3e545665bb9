/**
 * Remote builds served over HTTP on this machine (node:http on port 0), for the deploy tests: each
 * a folder with a manifest and, beside it, every file it asks for (a script, or a stylesheet that
 * says which folder it is from). And a server elsewhere, on another port, that answers a stylesheet
 * too and counts every connection: a test asserts it is never contacted.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FixtureRemote = Awaited<ReturnType<typeof fixtureRemote>>;

/** The stylesheet every file of `folder` ending in .css is (the one `elsewhere` answers: `elsewhereStyle`). */
export const folderStyle = (folder: string) => `.${folder}{color:red}`;
export const elsewhereStyle = '.elsewhere{color:red}';

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

export async function fixtureRemote() {
  const manifests = new Map<string, string>();
  const remote = createServer((request, response) => {
    const [, folder = '', ...rest] = (request.url ?? '').split('?')[0]!.split('/');
    const file = rest.join('/');
    if (!manifests.has(folder)) return void response.writeHead(404).end();
    if (file === 'mf-manifest.json') return void response.writeHead(200, { 'content-type': 'application/json' }).end(manifests.get(folder));
    if (file.endsWith('.css')) return void response.writeHead(200, { 'content-type': 'text/css' }).end(folderStyle(folder));
    if (file.endsWith('.js')) return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(`// ${folder}/${file}`);
    response.writeHead(404).end();
  });
  let contacts = 0;
  const elsewhere = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/css' }).end(elsewhereStyle));
  elsewhere.on('connection', () => (contacts += 1));
  const [origin, elsewhereOrigin] = [await listen(remote), await listen(elsewhere)];
  return {
    /** The remotes' origin: `${origin}/<folder>/mf-manifest.json`. */
    origin,
    /** Another origin, which remotes.json never lists. */
    elsewhere: elsewhereOrigin,
    /** Connections made to `elsewhere` so far. */
    contacts: () => contacts,
    /** Serves `manifest` as `<folder>/mf-manifest.json`; returns its URL. */
    serve(folder: string, manifest: unknown) {
      manifests.set(folder, JSON.stringify(manifest));
      return `${origin}/${folder}/mf-manifest.json`;
    },
    async close() {
      for (const server of [remote, elsewhere]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  };
}
