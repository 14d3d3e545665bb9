#!/usr/bin/env node
/**
 * Renders an environment's public pages and publishes them with its remotes.json
 * (deploy/environment.ts): the host's renderer (host/dist-server) loads each remote's server
 * build from where the environment's remotes.json says its build is, over HTTP, and renders
 * every public page in every language, the not-found pages, the sitemap and robots.txt. No host
 * rebuild: `npm run remotes -- set` publishes this way after each change.
 *
 *   npm run render -- [--env deploy/local] [--origin https://shop.example.com] [--host host]
 *
 * --env     the environment's folder (its remotes.json is read from there)
 * --origin  the shop's public origin (canonical URLs, sitemap); default the last publish's, or
 *           http://localhost:3000
 * --host    the host's build folder, holding dist/ and dist-server/ (default: this checkout's host/)
 *
 * A page whose remote cannot be loaded is not written: that route stays client-rendered, as
 * without rendering. The remotes must be reachable where remotes.json says they are.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createGeneration,
  currentGeneration,
  LOCAL_ENVIRONMENT_DIR,
  notFoundFileOf,
  pageFileOf,
  publish,
  SOURCE_FILE,
  writeGenerationFile,
} from '../deploy/environment.ts';
import { robotsTxt, sitemapXml } from '../deploy/crawlers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_ORIGIN = 'http://localhost:3000';
const NOT_FOUND_PAGES = ['not-found', 'product-not-found'];

/**
 * Renders `env`'s remotes.json into a new generation and makes it the one served. Resolves with
 * its render record. `log` hears one line per page and a summary.
 */
export async function renderEnvironment({
  env = path.join(root, LOCAL_ENVIRONMENT_DIR),
  origin,
  hostDir = path.join(root, 'host'),
  log = console.log,
} = {}) {
  const started = performance.now();
  const remotesJson = readFileSync(path.join(env, SOURCE_FILE), 'utf8');
  const siteOrigin = new URL(origin ?? currentGeneration(env)?.render?.origin ?? DEFAULT_ORIGIN).origin;
  const shell = JSON.parse(readFileSync(path.join(hostDir, 'dist', 'page-shell.json'), 'utf8'));
  const dir = createGeneration(env, remotesJson);
  const { createPageRenderer } = createRequire(import.meta.url)(path.join(hostDir, 'dist-server', 'render.cjs'));
  const renderer = await createPageRenderer({ remotesJson, origin: siteOrigin, shell });
  const problems = [...renderer.problems];
  const publicPages = await renderer.publicPages();
  for (const remote of publicPages.unavailable)
    problems.push(`${remote}: its list of pages could not be loaded; its pages are client-rendered`);

  const remotes = {};
  /** How many languages each page was rendered in: it counts when it exists in all (the servers pick one by cookie). */
  const languagesOf = new Map();
  const write = async (name, file, language, render) => {
    const page = await render();
    if (!page.html) return void problems.push(`${language} ${name}: not rendered (${page.reason}); served client-rendered`);
    writeGenerationFile(dir, path.join('pages', language, file), page.html);
    Object.assign(remotes, page.remotes);
    languagesOf.set(name, (languagesOf.get(name) ?? 0) + 1);
  };
  for (const language of renderer.languages) {
    for (const pathname of publicPages.paths)
      await write(pathname, pageFileOf(pathname), language, () => renderer.render(pathname, language));
    for (const page of NOT_FOUND_PAGES) await write(page, notFoundFileOf(page), language, () => renderer.renderNotFound(page, language));
  }
  const everyLanguage = (name) => languagesOf.get(name) === renderer.languages.length;
  const pages = publicPages.paths.filter(everyLanguage);
  const notFoundPages = NOT_FOUND_PAGES.filter(everyLanguage);
  const record = {
    // The host build whose files the pages name (the servers serve them only beside that build).
    hostBuild: shell.hostBuild,
    origin: siteOrigin,
    renderedAt: new Date().toISOString(),
    languages: renderer.languages,
    remotes,
    listed: publicPages.paths,
    pages,
    notFoundPages,
    redirects: publicPages.redirects,
    unlistedRemotes: publicPages.unavailable,
    problems,
  };
  writeGenerationFile(dir, 'render.json', `${JSON.stringify(record, null, 2)}\n`);
  writeGenerationFile(dir, 'sitemap.xml', sitemapXml(siteOrigin, pages));
  const routes = JSON.parse(readFileSync(path.join(hostDir, 'dist', 'routes.json'), 'utf8'));
  writeGenerationFile(
    dir,
    'robots.txt',
    robotsTxt(
      siteOrigin,
      routes.filter(({ served }) => served === 'client').map((route) => route.path),
    ),
  );
  publish(env, dir);
  for (const problem of problems) log(`[render] ${problem}`);
  log(
    `[render] ${pages.length} pages × ${renderer.languages.length} languages and ${notFoundPages.length} not-found pages ` +
      `in ${Math.round(performance.now() - started)} ms (host ${shell.hostBuild}), published: ${path.relative(process.cwd(), dir) || dir}`,
  );
  return record;
}

/**
 * Publishes `env`'s remotes.json with no pages: every route is client-rendered, as before
 * rendering existed. For when the pages cannot be rendered; never leaves older pages served.
 */
export function publishUnrendered(env) {
  publish(env, createGeneration(env, readFileSync(path.join(env, SOURCE_FILE), 'utf8')));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const option = (name) => {
    const index = process.argv.indexOf(name);
    return index > -1 ? process.argv[index + 1] : undefined;
  };
  try {
    await renderEnvironment({
      env: option('--env') && path.resolve(option('--env')),
      origin: option('--origin'),
      hostDir: option('--host') && path.resolve(option('--host')),
    });
    // The renderer keeps the remotes' connections open; the work is done.
    process.exit(0);
  } catch (error) {
    console.error(`[render] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
