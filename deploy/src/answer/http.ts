/** HTTP layers around the answers: reads only, normal addresses, compression, 304 and HEAD. */
import { normalPath } from '@maison/shared/address';
import { compressible, encoded, encodingFor, onceBody, typeOf, type Body } from './bodies.ts';
import { newContext, requestIdOf, type RequestContext } from '../observe/requestContext.ts';
import { SERVED_METHODS } from './refusal.ts';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body?: Body;
}

/** What the rules answer: a Reply for a request (its URL parsed once), noting in its context how it was answered. */
export type ReplyHandler = (request: Request, url: URL, context: RequestContext) => Promise<Reply>;

/** What a server calls: a Web Request in (with what a Web Request cannot carry: observe/requestContext.ts), a Web Response out. */
export type Answer = (request: Request, context?: RequestContext) => Promise<Response>;

export const textReply = (status: number, headers: Record<string, string>, text: string): Reply => ({
  status,
  headers,
  body: onceBody(text, typeOf('.txt')),
});

/** Anything but GET and HEAD: 405, as refusal.ts `refusedMethod` says (the closed policy). */
export function onlyReads(next: ReplyHandler, refused: () => { headers: Record<string, string>; text: string }): ReplyHandler {
  return (request, url, context) => {
    if ((SERVED_METHODS as readonly string[]).includes(request.method)) return next(request, url, context);
    context.served = { route: '(method)', servedAs: 'refused' };
    const { headers, text } = refused();
    const { 'Content-Type': type = typeOf('.txt'), ...rest } = headers;
    return Promise.resolve({ status: 405, headers: rest, body: onceBody(text, type) });
  };
}

/** An address a cache would read as another (`//products`): 301 to its normal form, never kept. */
export function normalAddresses(next: ReplyHandler, redirectHeaders: () => Record<string, string>): ReplyHandler {
  return (request, url, context) => {
    const normal = normalPath(url.pathname);
    if (normal === url.pathname) return next(request, url, context);
    context.served = { route: '(normalise)', servedAs: 'redirect' };
    return Promise.resolve({
      status: 301,
      headers: { ...redirectHeaders(), 'Cache-Control': 'no-store', Location: `${normal}${url.search}` },
    });
  };
}

export function withVary(headers: Record<string, string>, name: string): Record<string, string> {
  const named = headers.Vary ? headers.Vary.split(',').map((part) => part.trim()) : [];
  return named.includes(name) ? headers : { ...headers, Vary: [...named, name].join(', ') };
}

/** Compressed (br, then gzip) when accepted and worth it; Vary on every compressible answer. */
export function compressed(next: ReplyHandler): ReplyHandler {
  return async (request, url, context) => {
    const reply = await next(request, url, context);
    if (!reply.body) return reply;
    const encoding = encodingFor(reply.body, request.headers.get('accept-encoding'));
    const headers = compressible(reply.body) ? withVary(reply.headers, 'Accept-Encoding') : reply.headers;
    if (!encoding) return { ...reply, headers };
    const sent = await encoded(reply.body, encoding);
    const body: Body = { bytes: sent.bytes, type: reply.body.type, ...(sent.etag ? { etag: sent.etag } : {}) };
    return { status: reply.status, headers: { ...headers, 'Content-Encoding': encoding }, body };
  };
}

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === etag;
  });
}

/** The Response: 304 when the client already has this body (If-None-Match), no body for HEAD. */
export function asResponse(next: ReplyHandler): Answer {
  return async (request, context = newContext(requestIdOf((name) => request.headers.get(name)))) => {
    const { status, headers, body } = await next(request, new URL(request.url), context);
    const out = new Headers(headers);
    if (!body) return new Response(null, { status, headers: out });
    if (body.etag) out.set('ETag', body.etag);
    if (body.etag && status === 200 && matches(request.headers.get('if-none-match'), body.etag))
      return new Response(null, { status: 304, headers: out });
    out.set('Content-Type', body.type);
    out.set('Content-Length', String(body.bytes.length));
    // The body's own bytes: the Response keeps its copy, no second one is made here.
    return new Response(request.method === 'HEAD' ? null : (body.bytes as Uint8Array<ArrayBuffer>), { status, headers: out });
  };
}
