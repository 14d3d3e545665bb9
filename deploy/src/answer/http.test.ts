import { bodyOf } from './bodies.ts';
import { toSent, type Reply } from './http.ts';
import { toResponse } from '../testing/answers.ts';

const page = bodyOf(Buffer.from('<!doctype html><title>Maison Khăn</title>'), 'text/html; charset=utf-8');
const answering = (reply: Reply) => toSent(async () => reply);

describe('an answer as a server writes it', () => {
  it('carries the body’s own bytes (no copy), its type, length and ETag, with header names in lower case', async () => {
    const sent = await answering({ status: 200, headers: { 'Cache-Control': 'no-cache', Vary: 'Accept' }, body: page })(
      new Request('http://shop.invalid/'),
    );
    expect(sent.body).toBe(page.bytes);
    expect(sent.headers).toEqual({
      'cache-control': 'no-cache',
      vary: 'Accept',
      etag: page.etag,
      'content-type': 'text/html; charset=utf-8',
      'content-length': String(page.bytes.length),
    });
  });

  it('says the length of a HEAD answer’s body without sending it, and sends no length where there is no body', async () => {
    const head = await answering({ status: 200, headers: {}, body: page, headOnly: true })(new Request('http://shop.invalid/'));
    expect(head.body).toBeUndefined();
    expect(head.headers['content-length']).toBe(String(page.bytes.length));
    const moved = await answering({ status: 301, headers: { Location: '/vi/' } })(new Request('http://shop.invalid/vi'));
    expect(moved).toEqual({ status: 301, headers: { location: '/vi/' } });
  });

  it('is the same answer as a Web Response', async () => {
    const response = await toResponse(answering({ status: 404, headers: { 'X-Kind': 'page' }, body: page }))(
      new Request('http://shop.invalid/x'),
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('x-kind')).toBe('page');
    expect(response.headers.get('etag')).toBe(page.etag);
    expect(await response.text()).toBe('<!doctype html><title>Maison Khăn</title>');
  });
});
