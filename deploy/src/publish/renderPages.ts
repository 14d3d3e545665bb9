/** Renders a generation's pages with the host's renderer; a failed page may keep its last good version. */
// Why: docs/decisions/serving.md#keeping-pages
import path from 'node:path';
import { setTimeout as wait } from 'node:timers/promises';
import { firstMatching, PUBLISH_FILE_LIMITS, type PublicPages, type RemoteFileLimits, type RenderedPage } from '@maison/host/hosting';
import { firstChoices, type NotFoundPage, type RemotesJson, type RenderRecord } from '@maison/host/contract';
import { REMOTE_NAMES } from '../../../apps.mts';
import { inlineSource, type InlineCode } from '../answer/policy.ts';
import type { HostBuild } from '../builds/hostBuild.ts';
import { notFoundPagesOf, ownLists, renderRecord } from '../render/renderRecord.ts';
import { renderService } from '../render/renderService.ts';
import type { Generation } from '../environment/generation.ts';
import { GENERATION_FILE, notFoundFileOf, pageFileOf } from '../environment/layout.ts';

export interface RenderedPages {
  record: RenderRecord;
  /** Files to write, by their path in the generation. */
  written: Map<string, string>;
  /** Files to copy from the previous generation (kept pages), by their path in the generation. */
  copied: Map<string, string>;
}

export interface RenderPagesOptions {
  host: HostBuild;
  /** remotes.json as written (the pages carry it), and as the publish read it (the renderer does not read it again). */
  remotesJson: string;
  remotesJsonRead: RemotesJson;
  origin: string;
  /** The last good generation: its pages can be kept. */
  previous: Generation | undefined;
  /** How long the renderer's remote files may take, each and all together (the publish's time for rendering). */
  limits: RemoteFileLimits;
  log: (line: string) => void;
  /** Told as pages are rendered: how many of how many, so far. */
  progress?: (rendered: number, of: number) => void;
}

export async function renderPages(options: RenderPagesOptions): Promise<RenderedPages> {
  const { host, remotesJson, remotesJsonRead, origin, limits, log, previous, progress = () => {} } = options;
  // The renderer as every server runs it: in a worker of its own, its remote files within the publish's limits.
  const service = renderService(host, { remotesJson, remotesJsonRead, origin, limits }, { callMs: limits.totalMs ?? limits.fileMs, log });
  const deadline = wait(limits.totalMs ?? PUBLISH_FILE_LIMITS.totalMs, undefined, { ref: false }).then((): never => {
    throw new Error("the publish's time for remote files ran out");
  });
  deadline.catch(() => undefined);
  try {
    const renderer = { ...(await Promise.race([service.describe(), deadline])), ...service };
    const { routes } = host;
    const problems = [...renderer.problems];
    const before = previous?.render;
    const firsts: Record<string, string | undefined> = firstChoices(remotesJsonRead.locations);
    const remotesOf = (pathname: string): readonly string[] => firstMatching(routes, pathname)?.remotes ?? [];
    const sameBuilds = (remotes: readonly string[]) =>
      before !== undefined &&
      before.hostBuild === host.id &&
      remotes.every((remote) => before.remotes[remote] !== undefined && before.remotes[remote] === firsts[remote]);

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
      if (before && !before.unlistedRemotes.includes(remote) && sameBuilds([remote])) {
        listed.push(...before.listed.filter((page) => remotesOf(page).includes(remote) && !listed.includes(page)));
        for (const [from, to] of Object.entries(before.redirects)) if (remotesOf(from).includes(remote)) redirects[from] = to;
        problems.push(`${remote}: its list of pages could not be loaded${why}; the last one, from the same build, is used`);
      } else {
        unlisted.push(remote);
        problems.push(`${remote}: its list of pages could not be loaded${why}; its pages are rendered in the browser`);
      }
    }
    const own = ownLists({ paths: listed, redirects }, problems);
    const written = new Map<string, string>();
    const copied = new Map<string, string>();
    const remotes: Record<string, string> = {};
    const kept = new Set<string>();
    const done = new Map<string, number>();
    // The hash of every script and style the pages carry inline: the policy they are served with allows these.
    const inline = { scripts: new Set<string>(), styles: new Set<string>() };
    const carried = (code: InlineCode, hash: (text: string) => string) => {
      for (const text of code.scripts) inline.scripts.add(hash(text));
      for (const text of code.styles) inline.styles.add(hash(text));
    };
    const notFoundPages = notFoundPagesOf(routes);
    const attempts = renderer.languages.flatMap((language) => [
      ...own.listed.flatMap((name) => {
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
    for (const [index, { name, file, language, remotesOfPage, render }] of attempts.entries()) {
      const target = path.join(GENERATION_FILE.pages, language, file);
      const page = await Promise.race([render(), deadline]).catch((error: Error): RenderedPage => ({ reason: error.message }));
      progress(index + 1, attempts.length);
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
        problems,
        inline: { scripts: [...inline.scripts].sort(), styles: [...inline.styles].sort() },
      }),
      written,
      copied,
    };
  } finally {
    await service.close();
  }
}
