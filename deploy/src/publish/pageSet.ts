/** One set of a generation's pages (everyone's, or the canary cohort's), with its remotes.json and render record. */
import { copyFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { remoteFileFetch } from '@maison/host/hosting';
import { parseRemotesJson, type RenderedBuilds, type RenderRecord } from '@maison/host/contract';
import { LANGUAGE_PATH_PREFIX } from '@maison/shared/address';
import { REMOTE_NAMES } from '../../../apps.mts';
import type { HostBuild } from '../builds/hostBuild.ts';
import { flushFolder, writeFlushed } from '../environment/durable.ts';
import { GENERATION_FILE } from '../environment/layout.ts';
import { renderRecord } from '../render/renderRecord.ts';
import { renderPages, type RenderedPages, type RenderPagesOptions } from './renderPages.ts';
import { buildVersionOf } from './verify.ts';

/** Every build remotes.json lists, by remote, read from its manifest (one that cannot be read is left out, with why). */
async function listedBuilds(
  hostVersion: string,
  locations: Partial<Record<string, string[]>>,
  fetch: typeof globalThis.fetch,
): Promise<{ builds: RenderedBuilds; problems: string[] }> {
  const problems: string[] = [];
  const remotes: RenderedBuilds['remotes'] = Object.fromEntries(Object.keys(locations).map((remote) => [remote, []]));
  const read = Object.entries(locations).flatMap(([remote, manifests = []]) =>
    manifests.map(async (manifest) => ({ remote, manifest, version: await buildVersionOf(remote, manifest, fetch) })),
  );
  for (const { remote, manifest, version } of await Promise.all(read)) {
    if ('buildVersion' in version) remotes[remote]!.push({ manifest, build: version.buildVersion });
    else problems.push(`${remote}: the build of ${manifest} could not be read (${version.problem}): its pages' reports are refused`);
  }
  return { builds: { host: hostVersion, remotes }, problems };
}

/** What a publish that renders nothing writes: every route rendered in the browser, in every language the shop has addresses for. */
function unrendered(origin: string, hostBuild: string, problem: string | undefined): RenderedPages {
  const languages = Object.keys(LANGUAGE_PATH_PREFIX);
  const record = renderRecord({ hostBuild, origin, languages, listed: [], redirects: {}, problems: problem ? [problem] : [] });
  return { record, written: new Map(), copied: new Map() };
}

type PageSet = RenderedPages & { remotesJson: string };

interface PageSetOptions extends Omit<RenderPagesOptions, 'host' | 'remotesJsonRead'> {
  /** The host build, or why it cannot be read (every route is then rendered in the browser). */
  host: HostBuild | { problem: string };
  render: boolean;
  network: typeof globalThis.fetch;
}

/** Renders one set of pages (or says why it could not: every route is then rendered in the browser) and reads the builds it lists. */
export async function renderPageSet(options: PageSetOptions): Promise<PageSet> {
  const { host, remotesJson, origin, render, limits, network } = options;
  // Read once: the renderer takes it as read (and the page data as written).
  const remotesJsonRead = parseRemotesJson(JSON.parse(remotesJson) as unknown, { names: REMOTE_NAMES, base: `${origin}/` });
  let pages: RenderedPages;
  try {
    if ('problem' in host) throw new Error(host.problem);
    pages = render ? await renderPages({ ...options, host, remotesJsonRead }) : unrendered(origin, host.id, undefined);
  } catch (error) {
    const problem = `the pages could not be rendered (${(error as Error).message}): every route is rendered in the browser`;
    pages = unrendered(origin, 'problem' in host ? '' : host.id, problem);
  }
  const remoteFiles = remoteFileFetch(remotesJsonRead.locations, network, limits);
  const builds = 'problem' in host ? undefined : await listedBuilds(host.version, remotesJsonRead.locations, remoteFiles);
  const record: RenderRecord = {
    ...pages.record,
    ...(builds ? { builds: builds.builds } : {}),
    problems: [...pages.record.problems, ...(builds?.problems ?? [])],
  };
  return { remotesJson, record, written: pages.written, copied: pages.copied };
}

/** Writes a set into `dir` (a generation being written, or its canary/ folder), flushed; `more`: other files of the set. */
export function writePageSet(dir: string, set: PageSet, more: Record<string, string> = {}): void {
  writeFlushed(path.join(dir, GENERATION_FILE.remotes), set.remotesJson);
  for (const [file, html] of set.written) writeFlushed(path.join(dir, file), html);
  for (const [file, from] of set.copied) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(from, path.join(dir, file));
  }
  for (const [file, text] of Object.entries(more)) writeFlushed(path.join(dir, file), text);
  writeFlushed(path.join(dir, GENERATION_FILE.render), `${JSON.stringify(set.record, null, 2)}\n`);
  for (const folder of new Set([...set.written.keys(), ...set.copied.keys()].map((file) => path.dirname(path.join(dir, file)))))
    flushFolder(folder);
  flushFolder(dir);
}
