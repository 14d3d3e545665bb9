/**
 * The Worker: the shop's host answered by workerd (locally, `npm run serve:edge`) or Cloudflare
 * Workers, from the environment in an object store named by its bindings (docs/operations.md,
 * "Run at the edge"). Bundled by edge/bundle.ts; one JSON access line per answer on the console.
 */
import { newContext, requestIdOf } from '../answer/requestContext.ts';
import { accessRecord } from '../observe/accessRecord.ts';
import { createObjectStore } from '../store/objectStore.ts';
import { parseStoreAddress, storeConfigFromEnv } from '../store/storeConfig.ts';
import { edgeShop } from './edgeShop.ts';

/** The Worker's bindings: the store's address and the variables the AWS SDKs read (storeConfig.ts), MAISON_SIGNALS_KEY, MAISON_RENDER_ORIGIN. */
type Bindings = Record<string, string | undefined> & { MAISON_ENV?: string };

interface ExecutionContext {
  waitUntil(promise: Promise<unknown>): void;
}

/** One per isolate: what it followed and read of the store outlives each request. */
let shop: ReturnType<typeof edgeShop> | undefined;

function shopOf(env: Bindings) {
  if (!env.MAISON_ENV) throw new Error('the Worker has no MAISON_ENV binding (s3://bucket/prefix)');
  if (!env.MAISON_SIGNALS_KEY) throw new Error("the Worker has no MAISON_SIGNALS_KEY binding (the environment's signing key, hex)");
  const options = { signalsKey: env.MAISON_SIGNALS_KEY, ...(env.MAISON_RENDER_ORIGIN ? { renderOrigin: env.MAISON_RENDER_ORIGIN } : {}) };
  return (shop ??= edgeShop(createObjectStore(storeConfigFromEnv(env), parseStoreAddress(env.MAISON_ENV)), options));
}

/** As Node's server: a fault is a plain 500 with its request id, and one line saying what it was. */
function fault(error: unknown, requestId: string): Response {
  console.error(
    JSON.stringify({ level: 'error', time: new Date().toISOString(), reqId: requestId, msg: (error as Error)?.stack ?? String(error) }),
  );
  return new Response('Internal server error\n', {
    status: 500,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Request-Id': requestId },
  });
}

export default {
  async fetch(request: Request, env: Bindings, ctx: ExecutionContext): Promise<Response> {
    const requestId = requestIdOf((name) => request.headers.get(name));
    try {
      return await answerLogged(request, env, ctx, requestId);
    } catch (error) {
      return fault(error, requestId);
    }
  },
};

async function answerLogged(request: Request, env: Bindings, ctx: ExecutionContext, requestId: string): Promise<Response> {
  const started = Date.now();
  const { answer, follower } = shopOf(env);
  const { look, wait } = follower.beforeAnswer();
  if (look) ctx.waitUntil(look);
  if (wait) await wait;
  const context = newContext(requestId, request.headers.get('cf-connecting-ip') ?? undefined);
  const response = await answer(request, context);
  response.headers.set('X-Request-Id', context.requestId);
  // Workers' clock moves only between I/O: a duration is coarse (docs/operations.md, "Run at the edge").
  const line = { app: 'host', method: request.method, status: response.status, bytes: Number(response.headers.get('content-length') ?? 0) };
  console.log(JSON.stringify(accessRecord({ ...line, duration: (Date.now() - started) / 1000, context }, Date.now())));
  return response;
}
