/** A generation's set of pages (everyone's, or the canary cohort's): rendered by the host's renderer, then written. */
// Why: docs/decisions/serving.md#keeping-pages (a failed page may keep its last good version)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { firstMatching, PUBLISH_FILE_LIMITS, remoteFileFetch } from '@maison/host/hosting';
import type { PublicPages, RenderedPage } from '@maison/host/hosting';
import { firstChoices, parseRemotesJson } from '@maison/host/contract';
import type { NotFoundPage, RemoteLocations, RemotesJson, RenderedBuilds, RenderRecord } from '@maison/host/contract';
import { LANGUAGE_PATH_PREFIX } from '@maison/shared/address';
import { REMOTE_NAMES } from '../../../apps.mts';
import { inlineSource, type InlineCode } from '../render/renderRecord.ts';
import type { HostBuild } from '../builds/hostBuild.ts';
import { flushFolder, writeFlushed } from '../environment/durable.ts';
import type { Generation } from '../environment/generation.ts';
import { GENERATION_FILE, notFoundFileOf, pageFileOf } from '../environment/layout.ts';
import { notFoundPagesOf, ownLists, renderRecord } from '../render/renderRecord.ts';
import { renderService, type RenderService } from '../render/renderService.ts';
import type { PublishOptions } from './publish.ts';
import { checkBuild } from './verify.ts';

interface PageSet {
  record: RenderRecord;
  /** Files to write, by their path in the generation. */
  written: Map<string, string>;
  /** Files to copy from the previous generation (kept pages), by their path in the generation. */
  copied: Map<string, string>;
}

/** Some of the publish's options, as it resolved them. */
type PageSetOptions = Required<Pick<PublishOptions, 'render' | 'limits' | 'network' | 'log'>> & {
  /** The host build, or why it cannot be read (every route is then rendered in the browser). */
  host: HostBuild | { problem: string };
  remotesJson: string;
  origin: string;
  /** The last good generation: its pages can be kept. */
  previous: Generation | undefined;
  /** The set's name in the progress lines (`[publish] rendering canary pages: 13 of 52`); none for everyone's. */
  set?: string;
};

/** Every build remotes.json lists, by remote, read from its manifest (one that cannot be read is left out, with why in `problems`). */
async function listedBuilds(hostVersion: string, locations: RemoteLocations, fetch: typeof globalThis.fetch, problems: string[]) {
  const remotes: RenderedBuilds['remotes'] = Object.fromEntries(Object.keys(locations).map((remote) => [remote, []]));
  const read = Object.entries(locations).flatMap(([remote, manifests = []]) =>
    manifests.map(async (manifest) => ({ remote, manifest, version: await checkBuild(remote, manifest, { fetch }) })),
  );
  for (const { remote, manifest, version } of await Promise.all(read)) {
    if ('buildVersion' in version) remotes[remote]!.push({ manifest, build: version.buildVersion });
    else problems.push(`${remote}: the build of ${manifest} could not be read (${version.problem}): its pages' reports are refused`);
  }
  return { host: hostVersion, remotes };
}

/** What a publish that renders nothing writes: every route rendered in the browser, in every language the shop has addresses for. */
function unrendered(origin: string, hostBuild: string, problem: string | undefined): PageSet {
  const languages = Object.keys(LANGUAGE_PATH_PREFIX);
  const record = renderRecord({ hostBuild, origin, languages, listed: [], redirects: {}, problems: problem ? [problem] : [] });
  return { record, written: new Map(), copied: new Map() };
}

/** Renders one set of pages (or says why it could not: every route is then rendered in the browser) and reads the builds it lists. */
export async function renderPageSet(options: PageSetOptions): Promise<PageSet> {
  const { host, remotesJson, origin, render, limits, network } = options;
  const remotesJsonRead = parseRemotesJson(JSON.parse(remotesJson) as unknown, { names: REMOTE_NAMES, base: `${origin}/` });
  let pages: PageSet;
  try {
    if ('problem' in host) throw new Error(host.problem);
    pages = render ? await renderPages(options, host, remotesJsonRead) : unrendered(origin, host.id, undefined);
  } catch (error) {
    const problem = `the pages could not be rendered (${(error as Error).message}): every route is rendered in the browser`;
    pages = unrendered(origin, 'problem' in host ? '' : host.id, problem);
  }
  const remoteFiles = remoteFileFetch(remotesJsonRead.locations, network, limits);
  const { record } = pages;
  if (!('problem' in host)) record.builds = await listedBuilds(host.version, remotesJsonRead.locations, remoteFiles, record.problems);
  return pages;
}

/** Writes a set into `dir` (a generation being written, or its canary/ folder) with the remotes.json it was rendered from, flushed; `more`: other files of the set. */
export function writePageSet(dir: string, set: PageSet, remotesJson: string, more: Record<string, string> = {}): void {
  writeFlushed(path.join(dir, GENERATION_FILE.remotes), remotesJson);
  for (const [file, text] of [...set.written, ...Object.entries(more)]) writeFlushed(path.join(dir, file), text);
  for (const [file, from] of set.copied) writeFlushed(path.join(dir, file), readFileSync(from));
  writeFlushed(path.join(dir, GENERATION_FILE.render), `${JSON.stringify(set.record, null, 2)}\n`);
  for (const folder of new Set([...set.written.keys(), ...set.copied.keys()].map((file) => path.dirname(path.join(dir, file)))))
    flushFolder(folder);
  flushFolder(dir);
}

/** The set's pages in each of the renderer's languages; a page that fails may keep its last good version. */
async function renderPages(options: PageSetOptions, host: HostBuild, remotesJsonRead: RemotesJson): Promise<PageSet> {
  const { remotesJson, origin, limits, log } = options;
  // The renderer as every server runs it: in a worker of its own, its remote files within the publish's limits.
  const service = renderService(host, { remotesJson, origin, limits }, { callMs: limits.totalMs ?? limits.fileMs, log });
  const deadline = remoteFilesDeadline(limits);
  try {
    const renderer = { ...(await Promise.race([service.describe(), deadline])), ...service };
    const rendering = startSetRendering(options, host, remotesJsonRead, renderer, deadline);
    const { listed, redirects, unlisted } = await listedPages(rendering);
    const own = ownLists({ paths: listed, redirects }, rendering.problems);
    const notFoundPages = notFoundPagesOf(host.routes);
    const { written, copied, remotes, kept, done, inline } = await renderEach(
      rendering,
      pageAttempts(rendering, own.listed, notFoundPages),
    );
    const inEveryLanguage = (name: string) => done.get(name) === renderer.languages.length;
    return {
      record: renderRecord({
        hostBuild: host.id,
        origin,
        languages: renderer.languages,
        remotes,
        listed: own.listed,
        pages: own.listed.filter(inEveryLanguage),
        notFoundPages: notFoundPages.filter(inEveryLanguage),
        redirects: own.redirects,
        unlistedRemotes: unlisted,
        kept: [...kept],
        problems: rendering.problems,
        inline: { scripts: [...inline.scripts].sort(), styles: [...inline.styles].sort() },
      }),
      written,
      copied,
    };
  } finally {
    await service.close();
  }
}

/** The host's renderer as the publish runs it: what it describes of itself, and its calls. */
type Renderer = Awaited<ReturnType<RenderService['describe']>> & RenderService;

/** Rejects when the publish's time for remote files runs out (each renderer call races it). */
function remoteFilesDeadline(limits: PageSetOptions['limits']): Promise<never> {
  const deadline = wait(limits.totalMs ?? PUBLISH_FILE_LIMITS.totalMs, undefined, { ref: false }).then((): never => {
    throw new Error("the publish's time for remote files ran out");
  });
  deadline.catch(() => undefined);
  return deadline;
}

/** One set's rendering under way: its renderer and deadline, the problems so far, and what the last good generation can lend it. */
interface SetRendering {
  options: PageSetOptions;
  host: HostBuild;
  renderer: Renderer;
  deadline: Promise<never>;
  problems: string[];
  /** The remotes of the route a path is on. */
  remotesOf(pathname: string): readonly string[];
  /** Whether the last good generation rendered with this host build and these remotes' same first choices. */
  sameBuilds(remotes: readonly string[]): boolean;
}

function startSetRendering(
  options: PageSetOptions,
  host: HostBuild,
  remotesJsonRead: RemotesJson,
  renderer: Renderer,
  deadline: Promise<never>,
): SetRendering {
  const { routes } = host;
  const problems = [...renderer.problems];
  const before = options.previous?.render;
  const firsts: Record<string, string | undefined> = firstChoices(remotesJsonRead.locations);
  const remotesOf = (pathname: string): readonly string[] => firstMatching(routes, pathname)?.remotes ?? [];
  const sameBuilds = (remotes: readonly string[]) =>
    before !== undefined &&
    before.hostBuild === host.id &&
    remotes.every((remote) => before.remotes[remote] !== undefined && before.remotes[remote] === firsts[remote]);
  return { options, host, renderer, deadline, problems, remotesOf, sameBuilds };
}

/** The remotes' lists of pages; a remote whose list cannot be loaded lends its last one, from the same build, or is left unlisted. */
async function listedPages({ options, renderer, deadline, problems, remotesOf, sameBuilds }: SetRendering) {
  const before = options.previous?.render;
  const lists: PublicPages = await Promise.race([renderer.publicPages(), deadline]).catch((error: Error) => {
    problems.push(`the remotes' lists of pages could not be read (${error.message})`);
    // No remote's list was read: none of their paths is called unknown.
    return { paths: [] as string[], redirects: {} as Record<string, string>, unavailable: [...REMOTE_NAMES] as string[] };
  });
  problems.push(...(lists.problems ?? []));
  const listed = [...lists.paths];
  const redirects = { ...lists.redirects };
  const unlisted: string[] = [];
  for (const remote of lists.unavailable) {
    const why = lists.why?.[remote] ? ` (${lists.why[remote]})` : '';
    const lastUsed = before && !before.unlistedRemotes.includes(remote) && sameBuilds([remote]);
    if (lastUsed) {
      listed.push(...before.listed.filter((page) => remotesOf(page).includes(remote) && !listed.includes(page)));
      for (const [from, to] of Object.entries(before.redirects)) if (remotesOf(from).includes(remote)) redirects[from] = to;
    } else {
      unlisted.push(remote);
    }
    const instead = lastUsed ? 'the last one, from the same build, is used' : 'its pages are rendered in the browser';
    problems.push(`${remote}: its list of pages could not be loaded${why}; ${instead}`);
  }
  return { listed, redirects, unlisted };
}

interface PageAttempt {
  name: string;
  file: string;
  language: string;
  remotesOfPage: readonly string[];
  render(): Promise<RenderedPage>;
}

/** Every page to render, in each of the renderer's languages: the listed pages with a file, then the not-found pages. */
function pageAttempts({ host, renderer, remotesOf }: SetRendering, listed: readonly string[], notFoundPages: string[]): PageAttempt[] {
  const { routes } = host;
  return renderer.languages.flatMap((language) => [
    ...listed.flatMap((name) => {
      const file = pageFileOf(name);
      return file ? [{ name, file, language, remotesOfPage: remotesOf(name), render: () => renderer.render(name, language) }] : [];
    }),
    ...notFoundPages.map((name) => ({
      name,
      file: notFoundFileOf(name),
      language,
      remotesOfPage: routes.find((route) => route.notFound?.page === name)?.remotes ?? [],
      render: () => renderer.renderNotFound(name as NotFoundPage['page'], language),
    })),
  ]);
}

/** Renders each page in turn, with progress lines: written, or its last version kept (copied), or left to the browser. */
async function renderEach({ options, deadline, problems, sameBuilds }: SetRendering, attempts: PageAttempt[]) {
  const { log, previous, set } = options;
  const written = new Map<string, string>();
  const copied = new Map<string, string>();
  const remotes: Record<string, string> = {};
  const kept = new Set<string>();
  /** In how many languages each page was written or kept. */
  const done = new Map<string, number>();
  // The hash of every script and style the pages carry inline: the policy they are served with allows these.
  const inline = { scripts: new Set<string>(), styles: new Set<string>() };
  const carried = (code: InlineCode, hash: (text: string) => string) => {
    for (const text of code.scripts) inline.scripts.add(hash(text));
    for (const text of code.styles) inline.styles.add(hash(text));
  };
  for (const [index, { name, file, language, remotesOfPage, render }] of attempts.entries()) {
    const target = path.join(GENERATION_FILE.pages, language, file);
    const page = await Promise.race([render(), deadline]).catch((error: Error): RenderedPage => ({ reason: error.message }));
    // A line at the first page, then each tenth of them, and the last.
    if (index === 0 || index + 1 === attempts.length || (index + 1) % Math.max(1, Math.round(attempts.length / 10)) === 0)
      log(`[publish] rendering ${set ? `${set} ` : ''}pages: ${index + 1} of ${attempts.length}`);
    if (page.html !== undefined) {
      written.set(target, page.html);
      for (const [remote, manifest] of Object.entries(page.remotes)) if (manifest) remotes[remote] = manifest;
      carried(page.inline, inlineSource);
    } else if (previous && sameBuilds(remotesOfPage) && [...previous.render.pages, ...previous.render.notFoundPages].includes(name)) {
      copied.set(target, path.join(previous.dir, target));
      for (const remote of remotesOfPage) remotes[remote] = previous.render.remotes[remote]!;
      kept.add(name);
      // Rendered by the same builds last time: what it carries is among what that generation's did.
      if (previous.render.inline) carried(previous.render.inline, (hash) => hash);
      problems.push(`${language} ${name}: not rendered (${page.reason}); its last version, from the same builds, is kept`);
    } else {
      problems.push(`${language} ${name}: not rendered (${page.reason}); rendered in the browser`);
      continue;
    }
    done.set(name, (done.get(name) ?? 0) + 1);
  }
  return { written, copied, remotes, kept, done, inline };
}
