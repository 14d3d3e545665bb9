import { requestIdOf } from './requestContext.ts';

const headers = (sent: Record<string, string>) => (name: string) => sent[name];

describe('a request id', () => {
  it('is the caller’s X-Request-Id when it is well formed', () => {
    expect(requestIdOf(headers({ 'x-request-id': 'edge-4f1c2a9e-01' }))).toBe('edge-4f1c2a9e-01');
  });

  it('is the trace id of a well-formed traceparent otherwise', () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    expect(requestIdOf(headers({ traceparent }))).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(requestIdOf(headers({ 'x-request-id': 'bad id with spaces', traceparent }))).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
  });

  it.each([
    ['nothing', {}],
    ['an id with spaces', { 'x-request-id': 'a b c d e f g h' }],
    ['a newline', { 'x-request-id': 'abcdefgh\nSet-Cookie: x' }],
    ['one too long', { 'x-request-id': 'a'.repeat(200) }],
    ['too short', { 'x-request-id': 'abc' }],
    ['an all-zero trace', { traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` }],
    ['a malformed traceparent', { traceparent: '00-xyz-00f067aa0ba902b7-01' }],
  ])('is made afresh for %s', (_case, sent) => {
    expect(requestIdOf(headers(sent))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});
