/** Node's HTTP server around an answerer: a Node request in as a Web Request, the Web Response out as Node's; and it refuses what Node's parser or a Web Request cannot carry. */
// Why: docs/decisions/serving.md#answer-order
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { Answerer, ResponseParts } from '../answer/http.ts';
import { plainTextHeaders, refusal, refusedLanguage, refusedMethod, REQUEST_LIMITS, type Refusal } from '../answer/refusal.ts';
import type { AccessLine } from '../observe/logger.ts';
import { newContext, requestIdOf } from '../answer/requestContext.ts';
import { clientKey, clientOf, trustedProxyList } from './client.ts';
import { unreadParts } from './nodeResponse.ts';

/** Methods a Web Request cannot carry (the Fetch standard forbids them): refused here, as the answerer refuses any it does not serve. */
const UNCARRIED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

interface ListenerOptions {
  isRemote: boolean;
  log: (line: string) => void;
  /** Proxies in front (addresses, ranges) whose X-Forwarded-For is read for the client; a Unix socket's peer always is one. */
  trustedProxies?: readonly string[];
  /** Told of every answer once it is written: its access line and its metrics (observe/). */
  observe?: (answered: Omit<AccessLine, 'app'>) => void;
  /** Open connections one client may hold (default CONNECTION_LIMITS.perClient); past it a new one is closed at once. */
  connectionsPerClient?: number;
  /** Milliseconds a request's headers may take to arrive (default CONNECTION_LIMITS.headersTimeout); then the connection is closed. */
  headersTimeout?: number;
}

/** What one connection may hold and how long, as nginx in front holds them too (docs/operations.md, "Serving"). */
export const CONNECTION_LIMITS = {
  /** Open connections in all. */
  total: 1024,
  /**
   * Open connections per client (an IPv4 address, an IPv6 /64): one client cannot fill the total, and a
   * household or an office behind one address (browsers open six a host) is not refused.
   */
  perClient: 512,
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  keepAliveTimeout: 5_000,
  /** How often Node looks for requests past their time: its default (30 s) let a header timeout of 10 s run to 40 s. */
  checkEvery: 1_000,
} as const;

/** nginx's status for a request whose client went before it was answered ("client closed request"). */
const CLIENT_CLOSED = 499;

const CLIENT_ABORTS = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE']);

/** Whether `error` (or what caused it) is the client going: its connection reset or closed mid-body, no fault of the server's. */
function isClientAbort(error: unknown): boolean {
  // Not `instanceof Error`: an error of Node's own may come from another realm (a test's, a worker's).
  let cause = error as (Partial<NodeJS.ErrnoException> & { cause?: unknown }) | null | undefined;
  for (let depth = 0; typeof cause === 'object' && cause !== null && depth < 4; depth += 1, cause = cause.cause as typeof cause) {
    if ((cause.code && CLIENT_ABORTS.has(cause.code)) || cause.message === 'aborted' || cause.name === 'AbortError') return true;
  }
  return false;
}

/** Requests arrive with a path only; the answerer reads nothing else of the URL. */
const BASE = 'http://shop.invalid';

/**
 * The request's body as a Web stream that starts reading Node's only when the answerer reads it: a
 * refusal made before the body costs nothing (Node drops an unread body itself). Node's chunks are
 * handed on as they come (node:stream's Readable.toWeb cost a beacon about a fifth of its answer, measured).
 */
function bodyOf(req: IncomingMessage): ReadableStream<Uint8Array> {
  let started = false;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (started) {
          req.resume();
          return;
        }
        started = true;
        req.on('data', (chunk: Buffer) => {
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 0) <= 0) req.pause();
        });
        req.once('end', () => controller.close());
        req.once('error', (error) => controller.error(error));
        req.once('aborted', () => controller.error(new Error('aborted')));
      },
      cancel: () => void req.resume(),
    },
    { highWaterMark: 0 },
  );
}

/** Writes an answer of the server's own (no body for HEAD); says how many bytes of body went. */
function write(res: ServerResponse, status: number, headers: Record<string, string | number>, body: string) {
  const sent = res.req.method === 'HEAD' ? undefined : body;
  res.writeHead(status, headers).end(sent);
  return sent === undefined ? 0 : Buffer.byteLength(sent);
}

/**
 * The Response's header lines as Node writes them, after the request's id: any name once (its values
 * joined, as Headers joins them), Set-Cookie a line each. Handed to writeHead whole: headers set on
 * the response one by one first (res.setHeader) would make Node check and store each again.
 */
function headerLines(requestId: string, headers: Headers): Record<string, string | string[]> {
  const lines: Record<string, string | string[]> = { 'X-Request-Id': requestId };
  // Headers yields each Set-Cookie on its own: no second pass (getSetCookie()) for them.
  for (const [name, value] of headers) {
    if (name !== 'set-cookie') lines[name] = value;
    else lines[name] = [...((lines[name] as string[] | undefined) ?? []), value];
  }
  return lines;
}

/** Once `res` may be written again, or is gone. */
const drained = (res: ServerResponse) =>
  new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });

/**
 * Writes a Web Response: its status, its headers, its body's chunks as they come (the answerer's one
 * chunk ended with it, so that it goes out with the headers); no body for HEAD. `sent` is told of
 * each chunk's bytes before it is written.
 */
async function writeResponse(res: ServerResponse, requestId: string, response: Response, sent: (bytes: number) => void): Promise<void> {
  res.writeHead(response.status, headerLines(requestId, response.headers));
  if (!response.body || res.req.method === 'HEAD') {
    res.end();
    return void (await response.body?.cancel());
  }
  const reader = response.body.getReader();
  try {
    for (let read = await reader.read(); !read.done;) {
      const chunk = read.value;
      read = await reader.read();
      sent(chunk.byteLength);
      if (read.done) return void res.end(chunk);
      if (!res.write(chunk)) await drained(res);
      if (res.destroyed) throw new Error('aborted');
    }
    res.end();
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    throw error;
  }
}

/** Writes a Response from its parts (nodeResponse.ts): one writeHead, the bytes with the end; says how many bytes of body went. */
function writeParts(res: ServerResponse, requestId: string, { status, headers, bytes }: ResponseParts): number {
  res.writeHead(status, { 'X-Request-Id': requestId, ...headers });
  const sent = res.req.method === 'HEAD' ? null : bytes;
  res.end(sent ?? undefined);
  return sent?.byteLength ?? 0;
}

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function parserRefusal(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): 400 | 414 | 431 {
  if (error.code !== 'HPE_HEADER_OVERFLOW') return 400;
  const firstLineEnd = error.rawPacket?.indexOf('\r\n') ?? -1;
  return firstLineEnd === -1 || firstLineEnd > REQUEST_LIMITS.requestLine ? 414 : 431;
}

export function nodeListener(answer: Answerer, { isRemote, log, trustedProxies = [], observe }: ListenerOptions) {
  const isTrusted = trustedProxyList(trustedProxies);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const requestId = requestIdOf((name) => firstValue(req.headers[name]));
    const context = newContext(requestId, clientOf(req.socket.remoteAddress, firstValue(req.headers['x-forwarded-for']), isTrusted));
    let bytes = 0;
    res.once('close', () => {
      // Closed before an answer began (an upload cut off, the client gone while it was made): nginx's 499, as nginx logs it.
      const status = res.headersSent ? res.statusCode : CLIENT_CLOSED;
      observe?.({ method: req.method ?? 'GET', status, bytes, duration: (performance.now() - started) / 1000, context });
    });
    if (UNCARRIED_METHODS.has(req.method ?? '')) {
      context.served = { route: '(method)', servedAs: 'refused' };
      // Read whole and refused: the connection stays usable, as for any other answer.
      const { headers, text } = refusedMethod(isRemote);
      bytes = write(res, 405, { 'X-Request-Id': context.requestId, ...headers, 'Content-Length': Buffer.byteLength(text) }, text);
      return;
    }
    const target = req.url ?? '/';
    context.sent = { target, headerLines: req.rawHeaders };
    try {
      // A body is read only where the answerer reads one (the pages' beacons), within its own cap.
      const body = req.method === 'POST' ? { body: bodyOf(req), duplex: 'half' } : {};
      const request = new Request(`${BASE}${target.startsWith('/') ? target : '/'}`, { method: req.method, ...body } as RequestInit);
      // Straight into the Request's own headers: a Headers given to it would be checked and copied a second time.
      for (let index = 0; index + 1 < req.rawHeaders.length; index += 2)
        request.headers.append(req.rawHeaders[index]!, req.rawHeaders[index + 1]!);
      const answered = await answer(request, context);
      const parts = unreadParts(answered);
      if (parts) bytes = writeParts(res, context.requestId, parts);
      else await writeResponse(res, context.requestId, answered, (chunk) => (bytes += chunk));
    } catch (error) {
      // The client went (its access line says 499): nothing to answer, nothing of the server's to tell.
      if (isClientAbort(error) && (req.destroyed || res.destroyed)) return;
      const pathname = req.url?.split('?')[0]?.slice(0, 200);
      log(`[serve] ${context.requestId} ${req.method} ${pathname}: ${(error as Error).stack ?? String(error)}`);
      if (res.destroyed) return;
      // A body that failed part way: its length was promised, so the connection goes rather than the answer seeming whole.
      if (res.headersSent) return void res.destroy();
      bytes = write(res, 500, { 'X-Request-Id': context.requestId, ...plainTextHeaders(false) }, 'Internal server error\n');
    }
  };
}

/** An answer written straight to a socket the HTTP server will not answer on, which it then closes. */
function rawAnswer(status: number, { headers, text }: Refusal): string {
  const lines = Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(text)), Connection: 'close' });
  return `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${text}`;
}

/**
 * Counts each client's open connections (its key: clientKey, an IPv4 address or an IPv6 /64) and
 * closes one past `most` at once; a trusted proxy's (nginx, which limits per client itself) are not
 * counted. Memory: one entry per client with a connection open, so at most the server's total.
 */
function perClientConnections(most: number, isTrusted: (address: string) => boolean) {
  const open = new Map<string, number>();
  return (socket: Socket) => {
    const peer = socket.remoteAddress;
    // No peer on a TCP connection: it is gone already.
    if (peer === undefined) return void socket.destroy();
    if (isTrusted(peer)) return;
    const client = clientKey(peer) ?? peer;
    const count = open.get(client) ?? 0;
    if (count >= most) return void socket.destroy();
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  };
}

/** Serves `answer` on a port (a number) or a Unix socket (a path); resolves once it listens. */
export function listen(answer: Answerer, where: number | string, options: ListenerOptions): Promise<Server> {
  const { isRemote, connectionsPerClient = CONNECTION_LIMITS.perClient, headersTimeout = CONNECTION_LIMITS.headersTimeout } = options;
  // The connection limits are nginx's (docs/operations.md, "Serving"); Node's header size is above ours, so that ours decide (414 or 431).
  const { requestTimeout, keepAliveTimeout, checkEvery } = CONNECTION_LIMITS;
  const limits = {
    maxHeaderSize: 4 * REQUEST_LIMITS.headers,
    headersTimeout,
    requestTimeout,
    keepAliveTimeout,
    connectionsCheckingInterval: checkEvery,
  };
  const server = createServer(limits, nodeListener(answer, options));
  server.maxConnections = CONNECTION_LIMITS.total;
  // Before Node's own listener: a connection past its client's share costs no parser. A Unix socket's peer is nginx.
  if (typeof where === 'number')
    server.prependListener('connection', perClientConnections(connectionsPerClient, trustedProxyList(options.trustedProxies ?? [])));
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    // A connection its client closed or reset mid-request (Node's parser then finds the end too soon): nothing to answer, and
    // nothing to log here: a request that reached the listener has its own line (499).
    if (!socket.writable || isClientAbort(error) || error.code === 'HPE_INVALID_EOF_STATE') return socket.destroy();
    if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
      // Headers not arrived in time (headersTimeout): closed unanswered, as nginx closes them, and logged as nginx logs them (408).
      const context = { ...newContext(requestIdOf(() => undefined)), served: { route: '(refused)', servedAs: 'refused' as const } };
      options.observe?.({ method: '(unread)', status: 408, bytes: 0, duration: 0, context });
      return socket.destroy();
    }
    const status = parserRefusal(error);
    // The target, as far as it came: its start says the address's language.
    const target = error.rawPacket?.subarray(0, 64).toString('latin1').split(' ')[1];
    const refused = refusal(status, isRemote, refusedLanguage(target));
    const context = { ...newContext(requestIdOf(() => undefined)), served: { route: '(refused)', servedAs: 'refused' as const } };
    options.observe?.({ method: '(unread)', status, bytes: Buffer.byteLength(refused.text), duration: 0, context });
    socket.end(rawAnswer(status, refused));
  });
  // CONNECT never reaches the listener: Node hands over its socket, which gets the same 405.
  server.on('connect', (_request: IncomingMessage, socket: Socket) => socket.end(rawAnswer(405, refusedMethod(isRemote))));
  if (typeof where === 'string') rmSync(where, { force: true });
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`cannot listen on ${where}: ${error.message}`)));
    server.listen(where, () => resolve(server));
  });
}
