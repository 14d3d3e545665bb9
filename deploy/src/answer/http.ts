/** An answer before it is a Web Response (a Reply), the handlers that make one, and the last step that sends it. */
import { onceBody, typeOf, type Body } from './bodies.ts';
import { newContext, requestIdOf, type RequestContext } from '../observe/requestContext.ts';

export interface Reply {
  status: number;
  headers: Record<string, string>;
  body?: Body;
  /** Sent without its body (HEAD), with the headers the body would have. */
  headOnly?: true;
}

/** What the rules answer: a Reply for a request (its URL parsed once), noting in its context how it was answered. */
export type ReplyHandler = (request: Request, url: URL, context: RequestContext) => Promise<Reply>;

/** Something every answer goes through (layers.ts): a handler around the next one. */
export type Layer = (next: ReplyHandler) => ReplyHandler;

/** What a server calls: a Web Request in (with what a Web Request cannot carry: observe/requestContext.ts), a Web Response out. */
export type Answer = (request: Request, context?: RequestContext) => Promise<Response>;

export const textReply = (status: number, headers: Record<string, string>, text: string): Reply => ({
  status,
  headers,
  body: onceBody(text, typeOf('.txt')),
});

export function withVary(headers: Record<string, string>, name: string): Record<string, string> {
  const named = headers.Vary ? headers.Vary.split(',').map((part) => part.trim()) : [];
  return named.includes(name) ? headers : { ...headers, Vary: [...named, name].join(', ') };
}

export function toResponse(next: ReplyHandler): Answer {
  return async (request, context = newContext(requestIdOf((name) => request.headers.get(name)))) => {
    const { status, headers, body, headOnly } = await next(request, new URL(request.url), context);
    const out = new Headers(headers);
    if (!body) return new Response(null, { status, headers: out });
    if (body.etag) out.set('ETag', body.etag);
    out.set('Content-Type', body.type);
    out.set('Content-Length', String(body.bytes.length));
    // The body's own bytes: the Response keeps its copy, no second one is made here.
    return new Response(headOnly ? null : (body.bytes as Uint8Array<ArrayBuffer>), { status, headers: out });
  };
}

/** `handler` inside `layers`, the first outermost. */
export const within = (layers: readonly Layer[], handler: ReplyHandler): ReplyHandler =>
  layers.reduceRight((inner, layer) => layer(inner), handler);
