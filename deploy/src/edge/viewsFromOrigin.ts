/**
 * Views at the edge, when the Worker has a render origin (MAISON_RENDER_ORIGIN: Node's answerer of the same
 * store, `npm run serve`): a request for a view (a page with a canonical query) is answered by that origin,
 * which renders it on demand, its answer passed on as it is (cohorts and overrides are the origin's, from the
 * same cookies). Anything else, or an origin that fails, is the edge's own answer: the view rendered in the browser.
 */
// Why: docs/decisions/serving.md#views-at-the-edge
import { isNavigation, navigationAnswer } from '../answer/navigation.ts';
import type { RequestContext } from '../answer/requestContext.ts';
import type { HostBuildState } from '../builds/hostBuild.ts';
import type { ServedEnvironment } from '../environment/served.ts';

/** How long a view is waited for from the origin before the edge answers it itself (Node's own wait for its renderer). */
const ORIGIN_WAIT_MS = 5_000;

/** What the origin must see of the request: what the answer depends on, and who asks (its share of rendering). */
const FORWARDED = ['accept', 'accept-encoding', 'cookie', 'x-maison-cohort', 'x-maison-build', 'user-agent'];

export function viewsFromOrigin(origin: string, environment: ServedEnvironment, hostBuild: { now(): HostBuildState }) {
  /** The view's language and path when the request is one (its query canonical and not empty), else undefined. */
  const viewOf = (request: Request, url: URL) => {
    if (request.method !== 'GET' || url.search === '' || !isNavigation(request.headers.get('accept'), url.pathname)) return undefined;
    const build = hostBuild.now().build;
    const render = environment.now().generation?.render;
    const answer = navigationAnswer({
      path: url.pathname,
      query: url.search.slice(1),
      routes: build?.routes ?? [],
      render: build && render?.hostBuild === build.id ? render : undefined,
    });
    return answer.kind === 'page' && answer.query !== '' ? answer : undefined;
  };
  return async (request: Request, context: RequestContext): Promise<Response | undefined> => {
    const url = new URL(request.url);
    const view = viewOf(request, url);
    if (!view) return undefined;
    const headers = new Headers();
    for (const name of FORWARDED) if (request.headers.has(name)) headers.set(name, request.headers.get(name)!);
    headers.set('x-request-id', context.requestId);
    if (context.client) headers.set('x-forwarded-for', context.client);
    const answered = await fetch(`${origin}${url.pathname}${url.search}`, {
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(ORIGIN_WAIT_MS),
    }).catch(() => undefined);
    if (answered?.status !== 200) return undefined;
    context.served = { route: view.path, language: view.language, servedAs: 'origin' };
    return new Response(answered.body, answered);
  };
}
