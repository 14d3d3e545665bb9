/**
 * render.json, a generation's render record: what rendered its pages and which pages it has. The
 * publish writes it (deploy/src/render/renderRecord.ts); the servers, the rollout and a rollback
 * read it through this schema (deploy/src/environment/generation.ts).
 */
import * as v from 'valibot';

const text = v.string('must be text');
const texts = v.array(text, 'must be a list of text');
const textMap = v.record(v.string(), text, 'must map text to text');

/** The builds a generation's pages may run, as their beacons and the metrics name them. */
export const RENDERED_BUILDS = v.object({
  host: text,
  /** Each remote's listed builds (first choice first), with the manifest each is read from. */
  remotes: v.record(v.string(), v.array(v.object({ manifest: text, build: text }))),
});
export type RenderedBuilds = v.InferOutput<typeof RENDERED_BUILDS>;

export const RENDER_RECORD = v.object({
  /** The host build whose renderer rendered the pages (they name its scripts). */
  hostBuild: text,
  /** The shop's public origin: canonical URLs and the sitemap use it. */
  origin: text,
  renderedAt: text,
  languages: v.pipe(texts, v.nonEmpty('must name a language')),
  /** Each remote the pages show: the manifest it was loaded from (its first choice in remotes.json). */
  remotes: textMap,
  /** Every public path the host and the remotes listed. */
  listed: texts,
  /** The paths that have a rendered page, in every language. */
  pages: texts,
  /** The not-found pages rendered (served with HTTP 404). */
  notFoundPages: texts,
  /** Legacy paths and where they are now. */
  redirects: textMap,
  /** Remotes whose list of paths could not be read: no path of their routes is called unknown. */
  unlistedRemotes: texts,
  /** Pages that could not be rendered this time and were kept from the generation before (same builds). */
  kept: texts,
  /** What could not be rendered, and why: those routes are client-rendered. */
  problems: texts,
  /** The hash sources of the code the pages carry inline (their boot script, their first paint's stylesheets). */
  inline: v.optional(v.object({ scripts: texts, styles: texts })),
  builds: v.optional(RENDERED_BUILDS),
  /** The rollout whose canary cohort's pages are in the generation's canary/ folder, with its remote. */
  canary: v.optional(v.object({ rollout: text, remote: text })),
});
export type RenderRecord = v.InferOutput<typeof RENDER_RECORD>;
