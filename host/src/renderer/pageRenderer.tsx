import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { renderToString } from 'react-dom/server';
// The server's side of react-router: never in the page (the shared facade holds the browser's).
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createShopStore, initialShopState, LANGUAGES, pathInLanguage, routerBasename } from '@maison/shared';
import type { Language, PageHead, RemoteModuleId, RemoteName, RemotePublicPages } from '@maison/shared';
import { errorMessage } from '../errorMessage';
import { BUILD_INFO } from '../federation/buildInfo';
import { createFederationCore, type FederationRuntime } from '../federation/core/loader';
import type { ManifestReader } from '../federation/loading/manifests';
import { exposeAssetUrls } from '../federation/loading/prefetch';
import { parseRemotesJson } from '../contract/remotesJson';
import { remoteOf } from '../federation/moduleIds';
import { createRemoteModuleStore } from '../federation/react/remoteModuleStore';
import { SERVER_PUBLIC_PATHS_GLOBAL as PUBLIC_PATHS, type NotFoundPage, type PageShell } from '../contract/hostBuild';
import { RENDERED_PATHS, remoteModulesFor, ROUTES, type RouteDefinition } from '../routes';
import { shopRoutes } from '../router';
import { Shop } from '../Shop';
import { SHOWN_TEXT_INCLUDE, SHOWN_TEXT_PLACEHOLDER } from './notFoundText';
import { inlineStyle } from './inlineCode';
import { pageDocument } from './pageDocument';
import { checkedPublicPages, ownPathProblem } from './publicLists';
import { remoteFileFetch, type RemoteFileLimits } from './remoteFiles';

/** The realm's fetch as it was before a renderer took it over: the network. */
const networkFetch: typeof fetch = globalThis.fetch;

/** The renderer's federation runtime (one entry per remote); it replaces the realm's fetch with `remoteFiles`. */
// Why: docs/decisions/build-and-render.md#server-runtime
function createServerRuntime(locations: Record<string, string[]>, manifests: ManifestReader, remoteFiles: typeof fetch): FederationRuntime {
  globalThis.fetch = remoteFiles;
  const publicPaths = ((globalThis as unknown as Record<string, Record<string, string> | undefined>)[PUBLIC_PATHS] ??= {});
  for (const [name, [entry]] of Object.entries(locations)) publicPaths[name] = new URL('./', entry!).href;
  return {
    registerRemotes,
    async loadRemote(id) {
      // Otherwise the runtime would run the browser entry in Node.
      const entry = locations[id.slice(0, id.indexOf('/'))]?.[0];
      const manifest = entry ? await manifests.json(entry) : undefined;
      if (!manifest?.metaData.ssrRemoteEntry) throw new Error(`${entry ?? id} names no server build (metaData.ssrRemoteEntry)`);
      return loadRemote(id);
    },
  };
}

export interface PageRendererOptions {
  /** The environment's remotes.json, as served: every page carries it (the browser reads it by its own rules). */
  remotesJson: string;
  /** The shop's public origin: canonical URLs start with it, root-relative remotes.json entries resolve against it. */
  origin: string;
  shell: PageShell;
  /** How long its remote files may take (remoteFiles.ts). */
  limits?: RemoteFileLimits;
}

export type RenderedPage =
  | {
      html: string;
      remotes: Partial<Record<RemoteName, string>>;
      /** The code the page carries inline: the policy it is served with must allow exactly that. */
      inline: { scripts: string[]; styles: string[] };
    }
  | { html?: undefined; reason: string };

export interface PublicPages extends RemotePublicPages {
  /** Remotes whose list could not be loaded: their pages are not rendered, and are client-rendered. */
  unavailable: string[];
  why?: Record<string, string>;
  /** What was left out of the lists: a path or a redirect not on the shop's own origin. */
  problems?: string[];
}

/** A path of a route with that not-found page, with the placeholder as its parameter (or its whole path). */
function notFoundPath(page: NotFoundPage['page']): { path: string; shown: string } {
  const route = (ROUTES as readonly RouteDefinition[]).find((candidate) => candidate.notFound?.page === page)!;
  if (route.notFound!.shows === 'path') return { path: `/${SHOWN_TEXT_PLACEHOLDER}`, shown: `/${SHOWN_TEXT_PLACEHOLDER}` };
  return { path: route.path.replace(/:[^/]+/, SHOWN_TEXT_PLACEHOLDER), shown: SHOWN_TEXT_PLACEHOLDER };
}

export type PageRenderer = ReturnType<typeof createPageRendererNow>;

export function createPageRendererNow({ remotesJson, origin, shell, limits }: PageRendererOptions) {
  const served = JSON.parse(remotesJson) as unknown;
  const read = parseRemotesJson(served, { names: BUILD_INFO.remoteNames, base: `${origin}/` });
  // First choices only: the browser hydrates with a remote's first entry.
  const locations = Object.fromEntries(Object.entries(read.locations).map(([name, urls]) => [name, urls.slice(0, 1)]));
  const remoteFiles = remoteFileFetch(locations, networkFetch, limits);
  const { records, loader, manifests } = createFederationCore({
    config: { locations, problems: read.problems },
    fetch: remoteFiles,
    runtime: (reader) => createServerRuntime(locations, reader, remoteFiles),
  });
  const modules = createRemoteModuleStore(loader);
  const handlers = new Map(
    LANGUAGES.map((language) => [language, createStaticHandler(shopRoutes(), { basename: routerBasename(language) ?? '/' })]),
  );
  const rendering: Rendering = { origin, shell, served, records, manifests, modules, handlers, styleText: styleTexts(remoteFiles) };

  /** `query` (without '?') when the address asks for a view (a sort, a tab). */
  const renderAt = (path: string, language: Language, query = ''): Promise<RenderedPage> => renderPage(rendering, path, language, query);

  return {
    languages: LANGUAGES,
    /** What is wrong with remotes.json (its remotes then have no pages). */
    problems: read.problems,
    publicPages: (): Promise<PublicPages> => readPublicPages(locations, manifests, loader),
    render: renderAt,
    /** A not-found page, with the server's include where the path or parameter it shows goes (notFoundText.ts). */
    async renderNotFound(page: NotFoundPage['page'], language: Language): Promise<RenderedPage> {
      const { path, shown } = notFoundPath(page);
      const rendered = await renderAt(path, language);
      if (!rendered.html) return rendered;
      if (rendered.html.split(shown).length !== 2) return { reason: `the page does not show "${shown}" once` };
      return { ...rendered, html: rendered.html.replace(shown, SHOWN_TEXT_INCLUDE) };
    },
  };
}

type FederationCore = ReturnType<typeof createFederationCore>;

/** What rendering a page needs: the shop's address and page shell, remotes.json as served, the federation's state, a router per language. */
interface Rendering {
  origin: string;
  shell: PageShell;
  served: unknown;
  records: FederationCore['records'];
  manifests: ManifestReader;
  modules: ReturnType<typeof createRemoteModuleStore>;
  handlers: Map<Language, ReturnType<typeof createStaticHandler>>;
  styleText(href: string): Promise<string | undefined>;
}

/** Inline texts by address; a failed one stays a link and is retried by the next page. */
function styleTexts(remoteFiles: typeof fetch): (href: string) => Promise<string | undefined> {
  const texts = new Map<string, Promise<string | undefined>>();
  return (href: string) => {
    let text = texts.get(href);
    if (!text) {
      text = remoteFiles(href)
        .then(async (response) => (response.ok ? inlineStyle(await response.text(), href) : undefined))
        .catch(() => undefined);
      texts.set(href, text);
      void text.then((got) => got === undefined && texts.delete(href));
    }
    return text;
  };
}

/** The page at `path` in `language`, once its remote modules are loaded and its route answers; or why it is not rendered. */
async function renderPage(rendering: Rendering, path: string, language: Language, query: string): Promise<RenderedPage> {
  const elsewhere = ownPathProblem(path);
  if (elsewhere) return { reason: `the path ${elsewhere}` };
  const ids = remoteModulesFor(path);
  const states = await Promise.all(ids.map((id) => rendering.modules.load(id)));
  const missing = ids.filter((_, index) => states[index]!.status !== 'ready');
  // Never a page with "temporarily unavailable" in it: that route stays client-rendered.
  if (missing.length > 0) return { reason: `${missing.join(', ')} could not be loaded` };
  const handler = rendering.handlers.get(language)!;
  const address = new URL(pathInLanguage(path, language), rendering.origin);
  address.search = query;
  const context = await handler.query(new Request(address));
  if (context instanceof Response) return { reason: `the route answers HTTP ${context.status}` };
  const storeState = initialShopState();
  let head: PageHead | undefined;
  const markup = renderToString(
    <Shop
      store={createShopStore({ preloadedState: storeState })}
      modules={rendering.modules}
      router={<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />}
      rendered={{ language, storeState }}
      onPageHead={(recorded) => (head = recorded)}
    />,
  );
  if (!head) return { reason: 'the page set no title' };
  return pageWithItsFiles(rendering, { ids, markup, head, language, path });
}

/** The rendered markup made a whole page: with the builds it was rendered from, their manifests, its stylesheets and scripts. */
async function pageWithItsFiles(
  { origin, shell, served, records, manifests, styleText }: Rendering,
  { ids, markup, head, language, path }: { ids: RemoteModuleId[]; markup: string; head: PageHead; language: Language; path: string },
): Promise<RenderedPage> {
  const builds = Object.fromEntries([...new Set(ids.map(remoteOf))].map((name) => [name, records.loadedFrom(name)!]));
  const manifestsOnPage = Object.fromEntries(
    await Promise.all(Object.values(builds).map(async (url) => [url, await manifests.json(url)] as const)),
  );
  const files = ids.flatMap((id) => {
    const manifestUrl = builds[remoteOf(id)]!;
    return exposeAssetUrls(manifestUrl, manifestsOnPage[manifestUrl]!, id).slice(1);
  });
  const stylesheets = await Promise.all(
    files.filter((url) => url.endsWith('.css')).map(async (href) => ({ href, text: await styleText(href) })),
  );
  const { html, inline } = pageDocument({
    shell,
    markup,
    head,
    stylesheets,
    scripts: files.filter((url) => url.endsWith('.js')),
    stamp: { host: BUILD_INFO.version, remotes: builds },
    address: { language, path, origin },
    federationData: { remotesJson: served, manifests: manifestsOnPage },
  });
  return { html, remotes: builds, inline };
}

/** Every page to render: the host's own, then each remote's list of its pages with a parameter, if its server build has one (its manifest says). */
async function readPublicPages(
  locations: Record<string, string[]>,
  manifests: ManifestReader,
  loader: FederationCore['loader'],
): Promise<PublicPages> {
  const pages: Required<PublicPages> = { paths: [...RENDERED_PATHS], redirects: {}, unavailable: [], why: {}, problems: [] };
  for (const remote of BUILD_INFO.remoteNames) {
    try {
      const entry = locations[remote]?.[0];
      if (!entry) throw new Error(`remotes.json names no build of ${remote}`);
      const { serverModules } = (await manifests.json(entry)).metaData;
      if (!serverModules) throw new Error(`${entry} does not say what its server build exposes`);
      if (!serverModules.includes('PublicPages')) continue;
      const list = checkedPublicPages(remote, ((await loader.load(`${remote}/PublicPages`)) as { default: unknown }).default);
      pages.paths.push(...list.paths);
      Object.assign(pages.redirects, list.redirects);
      pages.problems.push(...list.problems);
    } catch (error) {
      pages.unavailable.push(remote);
      pages.why[remote] = errorMessage(error);
    }
  }
  return pages;
}
