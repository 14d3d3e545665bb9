/** The layers every answer goes through, each a Layer on its own, tested alone in layers.test.ts (answer.ts composes them). */
import { normalPath } from '@maison/shared/address';
import { compressible, encoded, encodingFor, onceBody, typeOf } from './bodies.ts';
import { withVary, type Layer, type Reply } from './http.ts';
import { FILE_POLICY, securityHeaders } from './policy.ts';
import { refusal, refusedHeaders, refusedLanguage, refusedMethod, refusedTarget, SERVED_METHODS, type Refusal } from './refusal.ts';

const refused = (status: number, { headers: { 'Content-Type': type = typeOf('.txt'), ...headers }, text }: Refusal): Promise<Reply> =>
  Promise.resolve({ status, headers, body: onceBody(text, type) });

/** Requests too long or malformed, read from the target and header lines as sent, why: docs/decisions/serving.md#answer-order */
export const requestLimits =
  (isRemote: boolean): Layer =>
  (next) =>
  (request, url, context) => {
    const target = context.sent?.target ?? `${url.pathname}${url.search}`;
    const headerLines = context.sent?.headerLines ?? [...request.headers].flat();
    const status = refusedTarget(target) ?? refusedHeaders(headerLines);
    if (!status) return next(request, url, context);
    context.served = { route: '(refused)', servedAs: 'refused' };
    return refused(status, refusal(status, isRemote, refusedLanguage(target)));
  };

/** A layer that only changes what the rules inside it replied. */
const onReply =
  (change: (reply: Reply, request: Request) => Reply | Promise<Reply>): Layer =>
  (next) =>
  async (request, url, context) =>
    change(await next(request, url, context), request);

const CLOSED_HEADERS = securityHeaders(FILE_POLICY);

/** Every answer carries the security headers: the closed policy unless the answer set its own (a page's). */
export const withSecurityHeaders = onReply((reply) => ({ ...reply, headers: { ...CLOSED_HEADERS, ...reply.headers } }));

export const headRequests = onReply((reply, request) => (request.method === 'HEAD' && reply.body ? { ...reply, headOnly: true } : reply));

const matches = (ifNoneMatch: string | null, etag: string) =>
  (ifNoneMatch ?? '').split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

export const conditionalGet = onReply((reply, request) => {
  const etag = reply.body?.etag;
  if (!etag || reply.status !== 200 || !matches(request.headers.get('if-none-match'), etag)) return reply;
  return { status: 304, headers: { ...reply.headers, ETag: etag } };
});

/** The body compressed (brotli, else gzip) when accepted and worth it, with its own ETag; Vary says when it may be. */
export const compressed = onReply(async (reply, request) => {
  if (!reply.body) return reply;
  const encoding = encodingFor(reply.body, request.headers.get('accept-encoding'));
  const headers = compressible(reply.body) ? withVary(reply.headers, 'Accept-Encoding') : reply.headers;
  if (!encoding) return { ...reply, headers };
  return { status: reply.status, headers: { ...headers, 'Content-Encoding': encoding }, body: await encoded(reply.body, encoding) };
});

export const onlyReads =
  (isRemote: boolean): Layer =>
  (next) =>
  (request, url, context) => {
    if ((SERVED_METHODS as readonly string[]).includes(request.method)) return next(request, url, context);
    context.served = { route: '(method)', servedAs: 'refused' };
    return refused(405, refusedMethod(isRemote));
  };

/** An address a cache reads as another (merged slashes, escapes, dot segments): 301 to its normal form, which no cache keeps. */
export const normalAddresses =
  (redirectHeaders: Record<string, string>): Layer =>
  (next) =>
  (request, url, context) => {
    const normal = normalPath(url.pathname);
    if (normal === url.pathname) return next(request, url, context);
    context.served = { route: '(normalise)', servedAs: 'redirect' };
    const location = `${normal}${url.search}`;
    return Promise.resolve({ status: 301, headers: { ...redirectHeaders, 'Cache-Control': 'no-store', Location: location } });
  };
