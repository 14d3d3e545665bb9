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

export type Layer = (next: ReplyHandler) => ReplyHandler;

export const textReply = (status: number, headers: Record<string, string>, text: string): Reply => ({
  status,
  headers,
  body: onceBody(text, typeOf('.txt')),
});

export function withVary(headers: Record<string, string>, name: string): Record<string, string> {
  const named = headers.Vary ? headers.Vary.split(',').map((part) => part.trim()) : [];
  return named.includes(name) ? headers : { ...headers, Vary: [...named, name].join(', ') };
}

/** An answer as a server writes it (header names in lower case), why: docs/performance.md, "An answer without a Web Response". */
export type Sent = { status: number; headers: Record<string, string>; body?: Buffer };

/** What a server calls: a Web Request in (with what a Web Request cannot carry: observe/requestContext.ts), a `Sent` out. */
export type SentAnswer = (request: Request, context?: RequestContext) => Promise<Sent>;

export function toSent(next: ReplyHandler): SentAnswer {
  return async (request, context = newContext(requestIdOf((name) => request.headers.get(name)))) => {
    const { status, headers, body, headOnly } = await next(request, new URL(request.url), context);
    const out: Record<string, string> = {};
    for (const name in headers) out[name.toLowerCase()] = headers[name]!;
    if (!body) return { status, headers: out };
    if (body.etag) out.etag = body.etag;
    out['content-type'] = body.type;
    out['content-length'] = String(body.bytes.length);
    return headOnly ? { status, headers: out } : { status, headers: out, body: body.bytes };
  };
}

/** `handler` inside `layers`, the first outermost. */
export const within = (layers: readonly Layer[], handler: ReplyHandler): ReplyHandler =>
  layers.reduceRight((inner, layer) => layer(inner), handler);
