/** An answer before it is a Web Response (a Reply), the handlers that make one, and the last step: the Web Response. */
import { onceBody, typeOf, type Body } from './bodies.ts';
import { newContext, requestIdOf, type RequestContext } from './requestContext.ts';

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

/**
 * A Web Request in, a Web Response out, as any server speaking the Fetch API calls a handler.
 * `context` (requestContext.ts) carries what a Request cannot (the client, the request id, the
 * request as sent) and what was served, for the access line; a caller may pass none.
 */
export type Answerer = (request: Request, context?: RequestContext) => Promise<Response>;

/** The body as a stream of one chunk: undici copies a Uint8Array body twice. Why: docs/performance.md, "An answer as a Web Response". */
const streamOf = (bytes: Uint8Array) =>
  new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );

/** What an answer's Response is made from: its body's bytes (none for HEAD or an empty answer) and one header record. */
export interface ResponseParts {
  status: number;
  headers: Record<string, string>;
  bytes: Uint8Array | null;
}

/** A Web Response from its parts: what any server speaking the Fetch API gets. */
export const webResponse = ({ status, headers, bytes }: ResponseParts) => new Response(bytes && streamOf(bytes), { status, headers });

/** The answerer around the rules; `respond` makes its Responses (a server may pass a cheaper one that is still a Response: servers/nodeResponse.ts). */
export function toResponse(next: ReplyHandler, respond: (parts: ResponseParts) => Response = webResponse): Answerer {
  return async (request, context = newContext(requestIdOf((name) => request.headers.get(name)))) => {
    const { status, headers, body, headOnly } = await next(request, new URL(request.url), context);
    if (!body) return respond({ status, headers, bytes: null });
    // One record, read once by the Response (each header set after it would be checked again).
    const all = { ...headers, 'Content-Type': body.type, 'Content-Length': String(body.bytes.length) };
    return respond({ status, headers: body.etag ? { ...all, ETag: body.etag } : all, bytes: headOnly ? null : body.bytes });
  };
}

/** `handler` inside `layers`, the first outermost. */
export const within = (layers: readonly Layer[], handler: ReplyHandler): ReplyHandler =>
  layers.reduceRight((inner, layer) => layer(inner), handler);
