/** The publish journal (publishes.jsonl): a line per publish, whatever became of it, for the metrics. */
import * as v from 'valibot';
import { environmentOf, type Environment } from './environment.ts';
import { readLines } from './jsonLines.ts';

export const PUBLISH_JOURNAL = 'publishes.jsonl';
const KEPT = 100;

const PUBLISH_ENTRY = v.object({
  at: v.string(),
  outcome: v.picklist(['published', 'degraded', 'failed']),
  /** The generation made live, if one was. */
  generation: v.optional(v.string()),
  /** The generation it replaced: publishes chain, none lost to another's. */
  previous: v.optional(v.string()),
  /** What ran it (`npm run remotes -- set cart …`). */
  doing: v.string(),
});
export type PublishEntry = v.InferOutput<typeof PUBLISH_ENTRY>;

export const recordPublish = (env: string | Environment, entry: PublishEntry) => environmentOf(env).record(PUBLISH_JOURNAL, entry, KEPT);

export const readPublishes = (env: string) => readLines(env, PUBLISH_JOURNAL, (value) => v.is(PUBLISH_ENTRY, value));
