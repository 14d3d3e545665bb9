/** Node's cheaper Response: a Response to whoever reads it, and written by Node's server exactly as Web's own would be. */
import type { AddressInfo } from 'node:net';
import { request as httpRequest } from 'node:http';
import { textReply, toResponse, webResponse, within, type ResponseParts } from '../answer/http.ts';
import { compressed, headRequests, withSecurityHeaders } from '../answer/layers.ts';
import { listen } from './node.ts';
import { nodeResponse, unreadParts } from './nodeResponse.ts';

const parts = (): ResponseParts => ({
  status: 201,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-One': 'a' },
  bytes: new TextEncoder().encode('khăn lụa'),
});

describe('a Response made from its parts', () => {
  it('is a Response to whoever reads it: its status, headers and body, read once', async () => {
    const response = nodeResponse(parts());
    expect(response).toBeInstanceOf(Response);
    expect(Object.prototype.toString.call(response)).toBe('[object Response]');
    expect([response.status, response.ok, response.headers.get('x-one')]).toEqual([201, true, 'a']);
    expect(await response.text()).toBe('khăn lụa');
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow('already been read');
  });

  it('clones, and reads as bytes, JSON or an empty body as Web’s own does', async () => {
    const json = nodeResponse({ status: 200, headers: {}, bytes: new TextEncoder().encode('{"a":1}') });
    const copy = json.clone();
    expect(await json.json()).toEqual({ a: 1 });
    expect(new TextDecoder().decode(await copy.arrayBuffer())).toBe('{"a":1}');
    const empty = nodeResponse({ status: 304, headers: { ETag: '"x"' }, bytes: null });
    expect([empty.body, empty.headers.get('etag')]).toEqual([null, '"x"']);
  });

  it('gives Node its parts only while nothing has read it (a reader may have changed its headers)', () => {
    const response = nodeResponse(parts());
    expect(unreadParts(response)?.status).toBe(201);
    response.headers.set('X-One', 'changed');
    expect(unreadParts(response)).toBeUndefined();
    expect(response.headers.get('x-one')).toBe('changed');
    expect(unreadParts(webResponse(parts()))).toBeUndefined();
  });
});

/** One answer over HTTP: status, the header lines (but the request id and date), the body. */
function fetched(port: number, method: string, headers: Record<string, string> = {}) {
  return new Promise<{ status?: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
    const sent = httpRequest({ port, method, path: '/page', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const { date: _date, 'x-request-id': _id, ...rest } = res.headers;
        resolve({ status: res.statusCode, headers: rest, body: Buffer.concat(chunks).toString('latin1') });
      });
    });
    sent.on('error', reject).end();
  });
}

describe("Node's server", () => {
  it('writes the same answer from the parts as from a Web Response: GET, HEAD, compressed', async () => {
    const rules = within([headRequests, withSecurityHeaders, compressed], async () =>
      textReply(200, { 'Cache-Control': 'no-cache' }, 'khăn '.repeat(400)),
    );
    const servers = await Promise.all([
      listen(toResponse(rules, nodeResponse), 0, { isRemote: false, log: () => {} }),
      listen(toResponse(rules), 0, { isRemote: false, log: () => {} }),
    ]);
    try {
      const [fromParts, fromWeb] = servers.map((server) => (server.address() as AddressInfo).port);
      for (const [method, headers] of [
        ['GET', {}],
        ['HEAD', {}],
        ['GET', { 'Accept-Encoding': 'br' }],
      ] as const) {
        const [one, other] = await Promise.all([fetched(fromParts!, method, headers), fetched(fromWeb!, method, headers)]);
        expect(one).toEqual(other);
        expect(one.status).toBe(200);
      }
    } finally {
      await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    }
  });
});
