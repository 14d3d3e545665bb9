/**
 * Node's HTTP server around an answerer: requests too long or malformed are refused here (by
 * answer/requestLimits.ts, as nginx refuses them), everything else becomes a Web Request for the
 * answerer, and its Response is written back as it is.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { Answer } from '../answer/answer.ts';
import { FILE_POLICY, securityHeaders } from '../answer/policy.ts';
import { refusal, refusedLanguage, refusedMethod } from '../answer/refusal.ts';
import { refusedHeaders, refusedTarget, REQUEST_LIMITS } from '../answer/requestLimits.ts';
import { clientOf, trustedProxyList } from './client.ts';

/**
 * Node's limits on connections, as nginx's in front (docs/operations.md, "Serving"): open
 * connections, the time for a request's headers (a slow sender) and for the whole request.
 */
export const CONNECTION_LIMITS = { connections: 1024, headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 } as const;

/** Methods a Web Request cannot carry (the Fetch standard forbids them): refused here, as the answerer refuses any it does not serve. */
const UNCARRIED_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

export interface ListenerOptions {
  isRemote: boolean;
  log: (line: string) => void;
  /** Proxies in front (addresses, ranges) whose X-Forwarded-For is read for the client; a Unix socket's peer always is one. */
  trustedProxies?: readonly string[];
}

/** Requests arrive with a path only; the answerer reads nothing else of the URL. */
const BASE = 'http://shop.invalid';

/** A request read whole and refused: the connection stays usable, as for any other answer. */
function writeRefusal(res: ServerResponse, status: 400 | 414 | 431, req: IncomingMessage, isRemote: boolean) {
  const { headers, text } = refusal(status, isRemote, refusedLanguage(req.url));
  const method = req.method;
  res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(text) });
  res.end(method === 'HEAD' ? undefined : text);
}

/**
 * The status a request Node's parser refused is answered with: 414 when the request line alone
 * overflowed the parser's limit (no line break in what came), 431 when the headers did, else 400.
 */
function parserRefusal(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): 400 | 414 | 431 {
  if (error.code !== 'HPE_HEADER_OVERFLOW') return 400;
  const firstLineEnd = error.rawPacket?.indexOf('\r\n') ?? -1;
  return firstLineEnd === -1 || firstLineEnd > REQUEST_LIMITS.requestLine ? 414 : 431;
}

export function nodeListener(answer: Answer, { isRemote, log, trustedProxies = [] }: ListenerOptions) {
  const isTrusted = trustedProxyList(trustedProxies);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const refused = refusedTarget(req.url ?? '') ?? refusedHeaders(req.rawHeaders);
    if (refused) return writeRefusal(res, refused, req, isRemote);
    if (UNCARRIED_METHODS.has(req.method ?? '')) {
      const { headers, text } = refusedMethod(isRemote);
      return void res.writeHead(405, { ...headers, 'Content-Length': Buffer.byteLength(text) }).end(text);
    }
    try {
      const sent = new Headers();
      for (let index = 0; index + 1 < req.rawHeaders.length; index += 2) sent.append(req.rawHeaders[index]!, req.rawHeaders[index + 1]!);
      const client = clientOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], isTrusted);
      const request = new Request(`${BASE}${req.url}`, { method: req.method, headers: sent });
      const response = await answer(request, client ? { client } : {});
      const body = response.body ? Buffer.from(await response.arrayBuffer()) : undefined;
      const headers = Object.fromEntries(response.headers);
      if (body && !response.headers.has('content-length')) headers['content-length'] = String(body.length);
      res.writeHead(response.status, headers);
      res.end(body);
    } catch (error) {
      log(`[serve] ${req.method} ${req.url?.slice(0, 200)}: ${(error as Error).stack ?? String(error)}`);
      const headers = { ...securityHeaders(FILE_POLICY), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' };
      if (!res.headersSent) res.writeHead(500, headers);
      res.end('Internal server error\n');
    }
  };
}

/** An answer written straight to a socket the HTTP server will not answer on, which it then closes. */
function rawAnswer(status: number, reason: string, headers: Record<string, string>, text: string): string {
  const lines = Object.entries({ ...headers, 'Content-Length': String(Buffer.byteLength(text)), Connection: 'close' });
  return `HTTP/1.1 ${status} ${reason}\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${text}`;
}

/** Serves `answer` on a port (a number) or a Unix socket (a path); resolves once it listens. */
export function listen(answer: Answer, where: number | string, { isRemote, log, trustedProxies }: ListenerOptions): Promise<Server> {
  const { connections, headersMs, requestMs, keepAliveMs } = CONNECTION_LIMITS;
  const server = createServer(
    // Node's own limit is above ours, so that ours decide (and say 414 or 431, not only 431).
    { maxHeaderSize: 4 * REQUEST_LIMITS.headers, headersTimeout: headersMs, requestTimeout: requestMs, keepAliveTimeout: keepAliveMs },
    nodeListener(answer, { isRemote, log, ...(trustedProxies ? { trustedProxies } : {}) }),
  );
  // Past it a new connection is closed at once; the ones open are answered.
  server.maxConnections = connections;
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    if (!socket.writable) return socket.destroy();
    const status = parserRefusal(error);
    // The target, as far as it came: its start says the address's language.
    const target = error.rawPacket?.subarray(0, 64).toString('latin1').split(' ')[1];
    const { headers, text } = refusal(status, isRemote, refusedLanguage(target));
    socket.end(
      rawAnswer(
        status,
        status === 400 ? 'Bad Request' : status === 414 ? 'URI Too Long' : 'Request Header Fields Too Large',
        headers,
        text,
      ),
    );
  });
  // CONNECT never reaches the listener: Node hands over its socket, which gets the same 405.
  server.on('connect', (_request: IncomingMessage, socket: Socket) => {
    const { headers, text } = refusedMethod(isRemote);
    socket.end(rawAnswer(405, 'Method Not Allowed', headers, text));
  });
  if (typeof where === 'string') rmSync(where, { force: true });
  return new Promise((resolve, reject) => {
    server.once('error', (error) => reject(new Error(`cannot listen on ${where}: ${error.message}`)));
    server.listen(where, () => resolve(server));
  });
}
