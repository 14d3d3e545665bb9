/**
 * Publishing an environment, as one transaction: holding the environment's lock (one publish at
 * a time; a second waits, then works on what the first left), it reads remotes.json afresh,
 * applies the change, renders a new generation, writes it flushed to disk, reads it back and
 * checks it (every page present and whole), and only then switches `current` to it. Any failure
 * before the switch leaves the environment exactly as it was.
 */
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { checkGeneration, isGood, type Generation } from '../environment/generation.ts';
import { currentId, generationDir, lastGoodBefore } from '../environment/generations.ts';
import { GENERATION_FILE, type RenderedBuilds, type RenderRecord } from '../environment/layout.ts';
import { withPublishLock } from '../environment/lock.ts';
import { readOwnRemotes, type RemotesFile } from '../environment/ownRemotes.ts';
import { writeFlushed, flushFolder } from '../environment/durable.ts';
import { siteOrigin } from '../environment/site.ts';
import { commitGeneration, incomingDir, newGenerationId, pruneGenerations, switchTo } from '../environment/switching.ts';
import { REMOTE_NAMES } from '../../../apps.mts';
import { parseRemotesJson, REMOTE_FILE_LIMITS, remoteFileFetch, type RemoteFileLimits, type ServedRoute } from '@maison/host/hosting';
import { LANGUAGE_PATH_PREFIX } from '@maison/shared/address';
import { robotsTxt, sitemapXml } from './crawlers.ts';
import { renderPages, type RenderedPages } from './renderPages.ts';
import { readHostBuild, type HostBuild } from '../builds/hostBuild.ts';
import { buildVersionOf } from './verify.ts';
import { recordPublish } from '../environment/publishJournal.ts';
import { notFoundPagesOf } from '../render/renderRecord.ts';

/** Every build remotes.json lists, by remote, read from its manifest (one that cannot be read is left out, with why). */
async function listedBuilds(
  hostVersion: string,
  locations: Partial<Record<string, string[]>>,
  fetch: typeof globalThis.fetch,
): Promise<{ builds: RenderedBuilds; problems: string[] }> {
  const problems: string[] = [];
  const remotes = Object.fromEntries(
    await Promise.all(
      Object.entries(locations).map(async ([remote, manifests = []]) => {
        const read = await Promise.all(
          manifests.map(async (manifest) => ({ manifest, version: await buildVersionOf(remote, manifest, fetch) })),
        );
        const builds = read.flatMap(({ manifest, version }) => {
          if ('buildVersion' in version) return [{ manifest, build: version.buildVersion }];
          problems.push(`${remote}: the build of ${manifest} could not be read (${version.problem}): its pages' reports are refused`);
          return [];
        });
        return [remote, builds] as const;
      }),
    ),
  );
  return { builds: { host: hostVersion, remotes }, problems };
}

export interface PublishOptions {
  env: string;
  /** The folder holding the host's dist/ and dist-server/ (its renderer). */
  hostDir: string;
  /** What this publish changes in remotes.json (none: publish it as it is). */
  change?: (remotes: RemotesFile) => RemotesFile;
  /** Said to a publish that has to wait for this one. */
  doing: string;
  /** Render the pages (false: every route rendered in the browser). */
  render?: boolean;
  /** The shop's public origin, when given on the command line (checked, then kept in environment.json). */
  origin?: string;
  /** How long remote files may take (the host's remoteFiles.ts). */
  limits?: RemoteFileLimits;
  /** The network remote files are fetched over (default: this process's). */
  network?: typeof globalThis.fetch;
  log?: (line: string) => void;
}

export interface Published {
  generation: Generation;
  /** The remotes.json before this publish. */
  before: string;
  /** Published with every page rendered, or degraded: some routes are rendered in the browser (render.json's problems say why). */
  outcome: 'published' | 'degraded';
}

/** Whether a generation's pages could not all be rendered: a listed page, a not-found page or a remote's list missing. */
export function isDegraded(record: RenderRecord, routes: readonly ServedRoute[]): boolean {
  const notFound = notFoundPagesOf(routes);
  return record.pages.length < record.listed.length || record.notFoundPages.length < notFound.length || record.unlistedRemotes.length > 0;
}

/** What a publish that renders nothing writes: every route rendered in the browser. */
function unrendered(origin: string, hostBuild: string, problem: string | undefined): RenderedPages {
  return {
    record: {
      hostBuild,
      origin,
      // Every page is rendered in the browser, in every language the shop has addresses for.
      languages: Object.keys(LANGUAGE_PATH_PREFIX),
      remotes: {},
      listed: [],
      pages: [],
      notFoundPages: [],
      redirects: {},
      unlistedRemotes: [],
      kept: [],
      problems: problem ? [problem] : [],
    },
    written: new Map(),
    copied: new Map(),
  };
}

/** A line at the first page, then each tenth of them, and the last: `[publish] rendering pages: 13 of 52`. */
function progressLine(log: (line: string) => void) {
  return (rendered: number, of: number) => {
    if (rendered === 1 || rendered === of || rendered % Math.max(1, Math.round(of / 10)) === 0)
      log(`[publish] rendering pages: ${rendered} of ${of}`);
  };
}

export async function publish(options: PublishOptions): Promise<Published> {
  const { env, doing } = options;
  try {
    const published = await publishLocked(options);
    recordPublish(env, { at: new Date().toISOString(), outcome: published.outcome, generation: published.generation.id, doing });
    return published;
  } catch (error) {
    recordPublish(env, { at: new Date().toISOString(), outcome: 'failed', doing });
    throw error;
  }
}

function publishLocked({
  env,
  hostDir,
  change,
  doing,
  render = true,
  origin: given,
  limits = REMOTE_FILE_LIMITS,
  network,
  log = console.log,
}: PublishOptions): Promise<Published> {
  return withPublishLock(
    env,
    doing,
    async () => {
      const started = performance.now();
      const origin = siteOrigin(env, given);
      const before = readOwnRemotes(env);
      const remotesJson = change ? `${JSON.stringify(change(before.value), null, 2)}\n` : before.text;
      const current = currentId(env);
      const currentGeneration = current === undefined ? undefined : checkGeneration(generationDir(env, current));
      const previous = currentGeneration && isGood(currentGeneration) ? currentGeneration : lastGoodBefore(env, current);

      let pages: RenderedPages;
      let host: HostBuild | undefined;
      // Every fetch of a remote's file the renderer makes is bounded (remoteFetch.ts).
      // Read once: the renderer takes it as read (and the page data as written).
      const remotesJsonRead = parseRemotesJson(JSON.parse(remotesJson) as unknown, { names: REMOTE_NAMES, base: `${origin}/` });
      const deadline = AbortSignal.timeout(limits.totalMs ?? REMOTE_FILE_LIMITS.totalMs);
      try {
        host = readHostBuild(hostDir);
        pages = render
          ? await renderPages({
              host,
              remotesJson,
              remotesJsonRead,
              origin,
              previous,
              limits,
              deadline,
              log,
              progress: progressLine(log),
            })
          : unrendered(origin, host.id, undefined);
      } catch (error) {
        const problem = `the pages could not be rendered (${(error as Error).message}): every route is rendered in the browser`;
        pages = unrendered(origin, host?.id ?? '', problem);
      }

      const remoteFiles = remoteFileFetch(remotesJsonRead.locations, network ?? globalThis.fetch, limits);
      const builds = host && (await listedBuilds(host.version, remotesJsonRead.locations, remoteFiles));
      const id = newGenerationId();
      const incoming = incomingDir(env, id);
      try {
        const record: RenderRecord = {
          ...pages.record,
          renderedAt: new Date().toISOString(),
          ...(builds ? { builds: builds.builds } : {}),
          problems: [...pages.record.problems, ...(builds?.problems ?? [])],
        };
        writeFlushed(path.join(incoming, GENERATION_FILE.remotes), remotesJson);
        for (const [file, html] of pages.written) writeFlushed(path.join(incoming, file), html);
        for (const [file, from] of pages.copied) {
          mkdirSync(path.dirname(path.join(incoming, file)), { recursive: true });
          copyFileSync(from, path.join(incoming, file));
        }
        const personal = (host?.routes ?? []).filter((route) => route.personal).map((route) => route.path);
        const indexable = record.pages.filter((page) => !personal.includes(page));
        writeFlushed(path.join(incoming, GENERATION_FILE.sitemap), sitemapXml(origin, indexable, record.languages));
        writeFlushed(path.join(incoming, GENERATION_FILE.robots), robotsTxt(origin, personal, record.languages));
        writeFlushed(path.join(incoming, GENERATION_FILE.render), `${JSON.stringify(record, null, 2)}\n`);
        for (const dir of new Set([...pages.written.keys(), ...pages.copied.keys()].map((file) => path.dirname(path.join(incoming, file)))))
          flushFolder(dir);
        flushFolder(incoming);
        // Read back what is on disk, as the servers will read it, before anything points at it.
        const checked = checkGeneration(incoming);
        if (!isGood(checked)) throw new Error(`the new generation failed its check (${checked.problem})`);
        const dir = commitGeneration(env, incoming, id);
        switchTo(env, id, remotesJson);
        pruneGenerations(env);
        for (const problem of record.problems) log(`[publish] ${problem}`);
        log(
          `[publish] ${path.basename(env)}: generation ${id} is live: ${record.pages.length} pages × ${record.languages.length} languages, ` +
            `${record.notFoundPages.length} not-found pages${record.kept.length ? `, ${record.kept.length} kept from the last` : ''} ` +
            `(host ${record.hostBuild || 'unknown'}) in ${Math.round(performance.now() - started)} ms`,
        );
        const outcome = render && isDegraded(record, host?.routes ?? []) ? 'degraded' : 'published';
        return { generation: { id, dir, remotesJson, render: record }, before: before.text, outcome };
      } catch (error) {
        rmSync(incoming, { recursive: true, force: true });
        throw new Error(`${(error as Error).message}; nothing was changed`, { cause: error });
      }
    },
    { log },
  );
}
