/**
 * The shop at the edge: the one answerer (answer.ts) over an environment in an object store read
 * with no disk. Published pages and the host build's files come from the store, kept in memory;
 * views come from a render origin, else are rendered in the browser. Nothing here is workerd's own.
 */
// Why: docs/decisions/serving.md#the-answerer-at-the-edge
import { composeAnswerer } from '../answer/answer.ts';
import { beaconReceiver } from '../answer/beacons/beaconReceiver.ts';
import type { FileSource } from '../answer/files.ts';
import type { ResponseParts } from '../answer/http.ts';
import { hostReadiness } from '../answer/health.ts';
import { signalsKey } from '../answer/beacons/pageLoadTokens.ts';
import { NO_RENDERERS, publishedPages } from '../answer/publishedPages.ts';
import { storeServed } from '../environment/storeServed.ts';
import type { ObjectStore } from '../store/objectStore.ts';
import { formatStoreAddress } from '../store/storeConfig.ts';
import { storeHostBuilds } from './storeHostBuilds.ts';
import { viewsFromOrigin } from './viewsFromOrigin.ts';
import type { RequestContext } from '../answer/requestContext.ts';

/** A request waits for a look at the store when the last one answered longer ago than this: a publish is followed within it. */
export const FOLLOW_WITHIN_MS = 1000;
/** Looks are made this often while requests come (Workers have no timers between requests). */
export const LOOK_EVERY_MS = 250;
/** How long a request waits for a look before answering from what was followed (the store slow or away). */
const LOOK_WAIT_MS = 300;

export interface EdgeShopOptions {
  /** MAISON_SIGNALS_KEY: the key every answerer of the environment signs page loads with (an edge has no disk to keep one). */
  signalsKey: string;
  /** MAISON_RENDER_ORIGIN: Node's answerer of the same store, which renders views (none: views are rendered in the browser). */
  renderOrigin?: string;
  log?: (line: string) => void;
}

export function edgeShop(store: ObjectStore, { signalsKey: signalsKeyHex, renderOrigin, log = console.log }: EdgeShopOptions) {
  const name = formatStoreAddress(store.address);
  const builds = storeHostBuilds(store, log);
  const environment = storeServed(store, { name, log, prepare: (generation) => builds.load(generation.render.hostBuild) });
  const buildNow = () => builds.of(environment.now().generation?.render.hostBuild);
  const hostBuild = { now: () => buildNow().state };
  const files: FileSource = { find: (pathname) => buildNow().files.find(pathname) };
  const pages = publishedPages({ environment, log, renderers: NO_RENDERERS, readFile: environment.readFile });
  const readiness = hostReadiness(environment, hostBuild, pages);
  const beacons = beaconReceiver(environment, hostBuild, undefined, signalsKey('', signalsKeyHex));
  const { answer } = composeAnswerer({ isHost: true, files, host: { hostBuild, pages }, readiness, beacons, respond: edgeResponse });
  const views = renderOrigin ? viewsFromOrigin(renderOrigin, environment, hostBuild) : undefined;
  const answerAtEdge = async (request: Request, context: RequestContext) => (await views?.(request, context)) ?? answer(request, context);
  return { answer: answerAtEdge, follower: storeFollower(environment.look, name, log) };
}

/**
 * A Response whose body is sent as it is: workerd otherwise compresses a body itself when the
 * answer says Content-Encoding (its `encodeBody: "automatic"`), and the answer's is compressed already.
 */
const edgeResponse = ({ status, headers, bytes }: ResponseParts) =>
  new Response(
    bytes as Uint8Array<ArrayBuffer> | null,
    { status, headers, encodeBody: 'manual' } as ResponseInit & { encodeBody: 'manual' },
  );

/** Looks at the store as requests come: at most one look at a time, one every LOOK_EVERY_MS; says once when the store cannot be read. */
function storeFollower(look: () => Promise<void>, name: string, log: (line: string) => void) {
  let lookedAt = -Infinity;
  let answeredAt = -Infinity;
  let looking: Promise<void> | undefined;
  let reachable = true;
  const lookNow = () =>
    (looking ??= look()
      .then(() => {
        if (!reachable) log(`[serve] ${name}: the environment answers again: following it`);
        [reachable, answeredAt] = [true, Date.now()];
      })
      .catch((error: unknown) => {
        if (reachable)
          log(`[serve] ${name}: the environment cannot be read (${(error as Error).message}): answering from what was last followed`);
        reachable = false;
      })
      .finally(() => (looking = undefined)));
  return {
    /** Before a request is answered: a look begun if one is due; the promise to wait for when what was followed is too old. */
    beforeAnswer(): { look?: Promise<void>; wait?: Promise<void> } {
      const now = Date.now();
      if (now - lookedAt < LOOK_EVERY_MS && looking === undefined) return {};
      if (looking === undefined) lookedAt = now;
      const started = lookNow();
      if (now - answeredAt < FOLLOW_WITHIN_MS) return { look: started };
      // The first look is awaited whole: before it there is nothing to serve.
      const bound =
        answeredAt === -Infinity ? started : Promise.race([started, new Promise<void>((resolve) => setTimeout(resolve, LOOK_WAIT_MS))]);
      return { look: started, wait: bound };
    },
    reachable: () => reachable,
  };
}
