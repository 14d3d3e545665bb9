/** The host's pages answer: /remotes.json, /sitemap.xml, /robots.txt and page requests (navigation.ts), with their preload hints. */
import type { Language } from '@maison/shared';
import { languageOfPath } from '@maison/shared/address';
import { firstMatching, withShownText } from '@maison/host/hosting';
import { entryUrlOf, REMOTES_JSON_PATH, ROLLOUT_PATH } from '@maison/host/contract';
import type { NotFoundPage, RemoteLocations, RenderRecord, RolloutAnnouncement, RolloutRecord, ServedRoute } from '@maison/host/contract';
import type { HostBuildState } from '../builds/hostBuild.ts';
import { GENERATION_FILE, SHOP_ORIGIN } from '../environment/layout.ts';
import { bodyOf, onceBody, typeOf, type Body } from './bodies.ts';
import type { FileSource } from './files.ts';
import type { RequestContext, ServedAs } from './requestContext.ts';
import { withVary, type Reply } from './http.ts';
import { chooseCohort, claimsOf, withCohort } from './cohortChoice.ts';
import { pagePolicy, securityHeaders, servedRemotes } from './policy.ts';
import { CACHE_CONTROL } from './cacheControl.ts';
import { isNavigation, navigationAnswer, readsAccept } from './navigation.ts';

/** A URL as the shop's page names it: root-relative on the shop's own origin. */
const asServed = (url: string) => (url.startsWith(`${SHOP_ORIGIN}/`) ? url.slice(SHOP_ORIGIN.length) : url);

/** The Link header of a path's page: each remote its route needs, its manifest and entry (first choice); undefined for none. */
export function preloadLinks(routes: readonly ServedRoute[], locations: RemoteLocations): (pathname: string) => string | undefined {
  const links = routes.map(({ pattern, remotes }) => ({
    pattern,
    link: remotes
      .flatMap((remote) => locations[remote]?.slice(0, 1) ?? [])
      .flatMap((manifest) => [
        `<${asServed(manifest)}>; rel=preload; as=fetch; crossorigin`,
        // Another origin's script loads with CORS (webpack's crossOriginLoading): preloaded so, or fetched twice.
        `<${asServed(entryUrlOf(manifest))}>; rel=preload; as=script${asServed(manifest).startsWith('/') ? '' : '; crossorigin'}`,
      ])
      .join(', '),
  }));
  return (pathname) => firstMatching(links, pathname)?.link || undefined;
}

/** What the host serves beside its build's files, as of now. */
export interface PagesNow {
  /** Changes whenever what is served changes. */
  key: string;
  generation?: string;
  remotesJson: string;
  /** What was rendered, and how each page is answered; none: every page is rendered in the browser. */
  render?: RenderRecord;
  /** A listed page's HTML for a canonical query; undefined: rendered in the browser. */
  page(language: Language, path: string, query: string, context?: RequestContext): Promise<Body | undefined>;
  /** A not-found page, with the marker where the server puts what was asked for (notFoundText.ts). */
  notFoundPage(language: Language, page: NotFoundPage['page']): Promise<Body | undefined>;
  /** What crawlers read: sitemap.xml, robots.txt. */
  crawlerFile(name: string): Promise<Body | undefined>;
  /** What /rollout.json says (none: `{}`), made only when the pages' key changes. */
  announcement?: () => RolloutAnnouncement;
  /** While a rollout splits shoppers: it, and what its canary cohort is served. */
  rollout?: { record: RolloutRecord; canary: PagesNow };
}

export interface PagesAnswerOptions {
  /** What is served now (pages rendered on demand may first have to list what there is). */
  pages: { now(): PagesNow | Promise<PagesNow> };
  hostBuild: { now(): HostBuildState };
  /** The build's files: its index.html is the page rendered in the browser. */
  files: FileSource;
  /** More sources in the page policy's directives (development's style injection and update sockets). */
  policyExtras?: (policy: string) => string;
}

/** What the answers to one cohort derive from what is served, made once per change of it. */
function derivedSet(now: PagesNow, build: HostBuildState, policyExtras: (policy: string) => string) {
  const remotes = servedRemotes(now.remotesJson);
  const routes = build.build?.routes ?? [];
  // Pages name the scripts of the host build that rendered them: served only beside that build.
  const render = now.render && build.build && now.render.hostBuild === build.build.id ? now.render : undefined;
  return {
    now,
    remotesJson: bodyOf(Buffer.from(now.remotesJson), typeOf('.json')),
    pageHeaders: securityHeaders(policyExtras(pagePolicy(remotes, render?.inline))),
    routes,
    linkOf: preloadLinks(routes, remotes.locations),
    render,
  };
}
type Derived = ReturnType<typeof derivedSet>;

/** A page request's answer from one cohort's set: a redirect, the published page, the not-found page, or the shell. */
async function navigationReply(url: URL, state: Derived, context: RequestContext, files: FileSource): Promise<Reply | undefined> {
  const { language, path } = languageOfPath(url.pathname);
  const route = firstMatching(state.routes, path)?.path ?? '(none)';
  const note = (servedAs: ServedAs) => (context.served = { route, language, servedAs, generation: state.render && state.now.generation });
  const answer = navigationAnswer({ path: url.pathname, query: url.search.slice(1), routes: state.routes, render: state.render });
  const headers = { ...state.pageHeaders, 'Cache-Control': CACHE_CONTROL.page };
  if (answer.kind === 'redirect') return (note('redirect'), { status: 301, headers: { ...headers, Location: answer.location } });
  if (answer.kind === 'page') {
    note('published');
    const page = await state.now.page(answer.language, answer.path, answer.query, context);
    if (page) return { status: 200, headers, body: page };
  }
  if (answer.kind === 'not-found') {
    note('not-found');
    const page = await state.now.notFoundPage(answer.language, answer.page);
    if (page) return { status: 404, headers, body: onceBody(withShownText(page.bytes.toString('utf8'), answer.shows), page.type) };
  }
  note('shell');
  // The shop's page, rendered in the browser: it names the route's remote files to download at once.
  const shell = await files.find('/index.html');
  if (!shell) return undefined;
  const link = state.linkOf(path);
  const shellHeaders = { ...headers, 'Cache-Control': CACHE_CONTROL.shell, ...(link ? { Link: link } : {}) };
  return { status: answer.status, headers: shellHeaders, body: shell };
}

export function pagesAnswer({ pages, hostBuild, files, policyExtras = (policy) => policy }: PagesAnswerOptions) {
  /** Both cohorts' (everyone's, when no rollout splits shoppers), and /rollout.json. */
  let derived: { key: string; stable: Derived; canary?: Derived; rollout?: RolloutRecord; announcement: Body } | undefined;
  const derive = async () => {
    const now = await pages.now();
    const build = hostBuild.now();
    const key = `${now.key}|${build.key}`;
    if (derived?.key === key) return derived;
    derived = {
      key,
      stable: derivedSet(now, build, policyExtras),
      ...(now.rollout ? { canary: derivedSet(now.rollout.canary, build, policyExtras), rollout: now.rollout.record } : {}),
      announcement: bodyOf(Buffer.from(JSON.stringify(now.announcement?.() ?? {})), typeOf('.json')),
    };
    return derived;
  };

  return {
    pageHeaders: async () => (await derive()).stable.pageHeaders,
    async answer(request: Request, url: URL, context: RequestContext): Promise<Reply | undefined> {
      const all = await derive();
      const data = (body: Body | undefined, cacheControl: string): Reply | undefined => {
        if (!body) return undefined;
        context.served = { route: url.pathname, servedAs: 'data', generation: all.stable.now.generation };
        return { status: 200, headers: { 'Cache-Control': cacheControl }, body };
      };
      if (url.pathname === ROLLOUT_PATH) return data(all.announcement, CACHE_CONTROL.never);
      if (url.pathname === `/${GENERATION_FILE.sitemap}` || url.pathname === `/${GENERATION_FILE.robots}`)
        return data(await all.stable.now.crawlerFile(url.pathname.slice(1)), CACHE_CONTROL.page);
      const isRemotesJson = url.pathname === REMOTES_JSON_PATH;
      if (!isRemotesJson && !isNavigation(request.headers.get('accept'), url.pathname)) return undefined;
      // While a rollout splits shoppers, the cohort the request claims is served (cohortChoice.ts).
      const choice = chooseCohort(claimsOf(request.headers), all.rollout);
      const state = choice.cohort === 'canary' && all.canary ? all.canary : all.stable;
      const reply = isRemotesJson ? data(state.remotesJson, CACHE_CONTROL.uncached) : await navigationReply(url, state, context, files);
      if (!reply) return undefined;
      if (all.rollout) context.served.cohort = choice.cohort;
      const cohortHeaders = withCohort(reply.headers, choice);
      return { ...reply, headers: readsAccept(url.pathname) && !isRemotesJson ? withVary(cohortHeaders, 'Accept') : cohortHeaders };
    },
  };
}
