/** Pages rendered on demand for `npm start`, so that addresses behave there as in production. */
import { createHash } from 'node:crypto';
import type { HostBuild, HostBuildState } from '../builds/hostBuild.ts';
import { bodyOf, typeOf, type Body } from './bodies.ts';
import type { PagesNow } from './pages.ts';
import { inlineSource, notFoundPagesOf, ownLists, renderRecord } from '../render/renderRecord.ts';
import type { RenderRecord } from '@maison/host/contract';
import { crawlerFiles } from '../render/crawlers.ts';
import { pageCache } from './pageCache.ts';
import { renderService, type RenderService } from '../render/renderService.ts';

export interface PagesOnDemandOptions {
  hostBuild: () => HostBuildState;
  remotesJson: () => string;
  /** The shop's origin (canonical URLs). */
  origin: string;
  /** Changes whenever a server build the renderer loads changes (its remotes' included). */
  buildsStamp: () => string;
  log?: (line: string) => void;
}

/** The render record a publish would write, from the renderer's own lists (every listed page is rendered when asked for). */
async function recordOf(build: HostBuild, service: RenderService, origin: string): Promise<RenderRecord> {
  const [{ languages, problems: described }, lists] = await Promise.all([service.describe(), service.publicPages()]);
  const problems = [...described, ...(lists.problems ?? [])];
  const { listed, redirects } = ownLists(lists, problems);
  return renderRecord({
    hostBuild: build.id,
    origin,
    languages,
    listed,
    redirects,
    notFoundPages: notFoundPagesOf(build.routes),
    unlistedRemotes: lists.unavailable,
    problems,
    // The boot script only: a hash beside development's 'unsafe-inline' styles would switch that off.
    inline: { scripts: [inlineSource(build.shell.bootScript)], styles: [] },
  });
}

export function pagesOnDemand({ hostBuild, remotesJson, origin, buildsStamp, log = console.log }: PagesOnDemandOptions) {
  const cache = pageCache<Body>((body) => body.bytes.length);
  let current: { key: string; now: Promise<PagesNow>; service?: RenderService } | undefined;

  const open = (key: string, state: HostBuildState, remotes: string): NonNullable<typeof current> => {
    const unrendered = (problem: string): PagesNow => {
      log(`[render] every page is rendered in the browser: ${problem}`);
      return { key, remotesJson: remotes, page: none, notFoundPage: none, crawlerFile: none };
    };
    if (!state.build) return { key, now: Promise.resolve(unrendered(state.problem)) };
    const build = state.build;
    const service = renderService(build, { remotesJson: remotes, origin }, { log });
    const rendered = async (name: string, render: () => Promise<{ html?: string; reason?: string }>) =>
      cache.get(`${key} ${name}`, async () => {
        const page = await render();
        if (page.html) return bodyOf(Buffer.from(page.html), typeOf('.html'));
        return void log(`[render] ${name}: not rendered (${page.reason}): rendered in the browser`);
      });
    const now = recordOf(build, service, origin).then(
      (render): PagesNow => {
        const crawler = crawlerFiles(origin, build.routes, render);
        return {
          key,
          remotesJson: remotes,
          render,
          page: (language, path, query) =>
            rendered(`${language} ${path}${query ? `?${query}` : ''}`, () => service.render(path, language, query)),
          notFoundPage: (language, page) => rendered(`${language} _${page}`, () => service.renderNotFound(page, language)),
          crawlerFile: (name) => Promise.resolve(crawler[name] ? bodyOf(Buffer.from(crawler[name]), typeOf(name)) : undefined),
        };
      },
      (error: Error) => unrendered(`the renderer could not list the pages (${error.message})`),
    );
    return { key, now, service };
  };

  return {
    now() {
      const state = hostBuild();
      const remotes = remotesJson();
      const key = `${state.key}|${buildsStamp()}|${createHash('sha1').update(remotes).digest('hex').slice(0, 12)}`;
      if (current?.key !== key) {
        void current?.service?.close();
        current = open(key, state, remotes);
      }
      return current.now;
    },
    close: async () => current?.service?.close(),
  };
}

const none = () => Promise.resolve(undefined);
