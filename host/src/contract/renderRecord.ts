/** render.json, a generation's render record: what rendered its pages and which it has (written by deploy/src/render/renderRecord.ts). */
import * as v from 'valibot';

const text = v.string('must be text');
const texts = v.array(text, 'must be a list of text');
const textMap = v.record(v.string(), text, 'must map text to text');

/** The builds a generation's pages may run, as their beacons and the metrics name them. */
const RENDERED_BUILDS = v.object({
  host: text,
  remotes: v.record(v.string(), v.array(v.object({ manifest: text, build: text }))),
});
export type RenderedBuilds = v.InferOutput<typeof RENDERED_BUILDS>;

export const RENDER_RECORD = v.object({
  hostBuild: text,
  origin: text,
  renderedAt: text,
  languages: v.pipe(texts, v.nonEmpty('must name a language')),
  /** Each remote's manifest the pages were rendered from. */
  remotes: textMap,
  listed: texts,
  pages: texts,
  notFoundPages: texts,
  redirects: textMap,
  /** Remotes whose list of paths could not be read: no path of their routes is called unknown. */
  unlistedRemotes: texts,
  /** Kept from the generation before (same builds), not rendered this time. */
  kept: texts,
  /** Why some routes are rendered in the browser. */
  problems: texts,
  /** Hash sources of the code the pages carry inline: the page policy allows these. */
  inline: v.optional(v.object({ scripts: texts, styles: texts })),
  builds: v.optional(RENDERED_BUILDS),
  /** The rollout whose canary pages are in canary/. */
  canary: v.optional(v.object({ rollout: text, remote: text })),
});
export type RenderRecord = v.InferOutput<typeof RENDER_RECORD>;
