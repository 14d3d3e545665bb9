/** An environment in an object store: its keys under the address's prefix (docs/operations.md, "Run in several regions"). */
import * as v from 'valibot';
import { ENVIRONMENT_FILE } from './layout.ts';
import { ROLLOUT_FILE } from './rolloutRecord.ts';

export const STORE_KEY = {
  /** The pointer: which generation is served, changed only with If-Match on the ETag read (If-None-Match: * the first time). */
  current: 'current.json',
  /** The environment's own remotes.json before its first publish (afterwards the current generation's is). */
  remotes: ENVIRONMENT_FILE.remotes,
  site: ENVIRONMENT_FILE.site,
  rollout: ROLLOUT_FILE,
} as const;

/** A generation's files, each written once (If-None-Match: *) and never again. */
export const generationKey = (id: string, file = '') => `${ENVIRONMENT_FILE.generations}/${id}/${file}`;
export const GENERATIONS_PREFIX = `${ENVIRONMENT_FILE.generations}/`;

/** A host build's browser files (its dist/), written at publish for answerers with no disk (the edge); each once, never changed. */
export const hostBuildKey = (id: string, file = '') => `builds/host/${id}/${file}`;

/** A lease (the judge's: one judge per environment): who holds it, until when. */
export const leaseKey = (name: string) => `${name}.lease.json`;

/** A journal (publishes.jsonl, rollout-decisions.jsonl) is one object per entry, created with If-None-Match: *. */
export const journalPrefix = (file: string) => `journals/${file.replace(/\.jsonl$/, '')}/`;

export const POINTER = v.object({
  generation: v.string(),
  /** The generation it replaced: consecutive pointers chain without a gap. */
  previous: v.nullable(v.string()),
  at: v.string(),
  doing: v.string(),
});
export type Pointer = v.InferOutput<typeof POINTER>;

export function parsePointer(bytes: Uint8Array, where: string): Pointer {
  const parsed = v.safeParse(POINTER, JSON.parse(new TextDecoder().decode(bytes)));
  if (!parsed.success) throw new Error(`${where} is not a pointer: ${parsed.issues.map((issue) => issue.message).join('; ')}`);
  return parsed.output;
}

/** Runs `work` on every item, at most `width` at a time. */
export async function eachAtMost<T>(items: readonly T[], width: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}
