import { bodyOf } from './bodies.ts';
import { toResponse, type Reply } from './http.ts';

const page = bodyOf(Buffer.from('<!doctype html><title>Maison Khăn</title>'), 'text/html; charset=utf-8');
const answering = (reply: Reply) => toResponse(async () => reply);
const ask = (reply: Reply, init: RequestInit = {}) => answering(reply)(new Request('http://shop.invalid/', init));

describe('an answer as a Web Response', () => {
  it('carries the body’s bytes, its type, length and ETag, with the reply’s own headers', async () => {
    const response = await ask({ status: 404, headers: { 'Cache-Control': 'no-cache', Vary: 'Accept' }, body: page });
    expect(response.status).toBe(404);
    expect(Object.fromEntries(response.headers)).toEqual({
      'cache-control': 'no-cache',
      vary: 'Accept',
      etag: page.etag,
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(page.bytes.length),
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(page.bytes)).toBe(true);
  });

  it('hands on the body’s own bytes as its one chunk (undici would copy bytes given as they are)', async () => {
    const reader = (await ask({ status: 200, headers: {}, body: page })).body!.getReader();
    expect((await reader.read()).value).toBe(page.bytes);
    expect((await reader.read()).done).toBe(true);
  });

  it('says the length of a HEAD answer’s body without a body, and no length where there is no body', async () => {
    const head = await ask({ status: 200, headers: {}, body: page, headOnly: true }, { method: 'HEAD' });
    expect(head.body).toBeNull();
    expect(head.headers.get('content-length')).toBe(String(page.bytes.length));
    const moved = await ask({ status: 301, headers: { Location: '/vi/' } });
    expect([moved.status, Object.fromEntries(moved.headers), moved.body]).toEqual([301, { location: '/vi/' }, null]);
  });

  it('gives the body’s ETag over one the reply named', async () => {
    const response = await ask({ status: 200, headers: { ETag: '"old"' }, body: page });
    expect(response.headers.get('etag')).toBe(page.etag);
  });
});
