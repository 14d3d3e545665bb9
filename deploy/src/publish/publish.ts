/** Publishing an environment as one transaction (environment.ts: under a folder's lock, or a store's conditional writes): nothing changes before `current` switches. */
// Why: docs/decisions/serving.md#publish-transaction
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  asEntry,
  checkGeneration,
  currentId,
  generationToServe,
  isGood,
  readOwnRemotes,
  type Generation,
} from '../environment/generation.ts';
import { ENVIRONMENT_FILE, GENERATION_FILE } from '../environment/layout.ts';
import { originProblem, type RenderRecord, type ServedRoute, type RolloutRecord } from '@maison/host/contract';
import { environmentOf, type Environment, type Switch } from '../environment/environment.ts';
import { commitGeneration, incomingDir, newGenerationId } from '../environment/switching.ts';
import { PUBLISH_FILE_LIMITS, type RemoteFileLimits } from '@maison/host/hosting';
import { crawlerFiles } from '../render/crawlers.ts';
import { renderPageSet, writePageSet } from './renderPages.ts';
import { readHostBuild, type HostBuild } from '../builds/hostBuild.ts';
import { recordPublish } from '../environment/publishJournal.ts';
import { notFoundPagesOf } from '../render/renderRecord.ts';
import { readRollout, splits } from '../environment/rolloutRecord.ts';

export interface PublishOptions {
  /** A folder, s3://bucket/prefix, or the environment opened. */
  env: string | Environment;
  /** The folder holding the host's dist/ and dist-server/ (its renderer). */
  hostDir: string;
  /** What this publish changes in remotes.json (none: publish it as it is). */
  change?: (remotes: Readonly<Record<string, unknown>>) => Record<string, unknown>;
  /** The rollout change, applied under the lock; while a rollout splits shoppers, canary pages are rendered too. */
  rollout?: (now: RolloutRecord | undefined) => RolloutRecord | undefined;
  /** Said to a publish that has to wait for this one. */
  doing: string;
  /** Render the pages (false: every route rendered in the browser). */
  render?: boolean;
  /** The shop's public origin, when given on the command line (checked, then kept in environment.json). */
  origin?: string;
  /** How long remote files may take, each and all together: the publish's time for rendering (the host's remoteFiles.ts). */
  limits?: RemoteFileLimits;
  /** The network remote files are fetched over (default: this process's). */
  network?: typeof globalThis.fetch;
  log?: (line: string) => void;
}

export interface Published {
  generation: Generation;
  /** The remotes.json before this publish, as read. */
  before: Record<string, unknown>;
  /** The generation current before this publish, which it replaced. */
  previous?: string;
  /** Published with every page rendered, or degraded: some routes are rendered in the browser (render.json's problems say why). */
  outcome: 'published' | 'degraded';
}

/** The shop's public origin, from environment.json and never guessed: a publish without one stops. */
export function siteOriginOf(value: unknown): { origin: string } | { problem: string } {
  if (typeof value !== 'string') return { problem: 'is not text' };
  if (!URL.canParse(value)) return { problem: 'is not a URL' };
  const url = new URL(value);
  const problem = originProblem(url);
  if (problem) return { problem };
  if (url.pathname !== '/' || url.search || url.hash) return { problem: 'is more than an origin (no path, query or fragment)' };
  return { origin: url.origin };
}

const example = `{ "origin": "https://shop.example.com" }`;

/** The environment's origin; with `given` (--origin), that one, checked, and environment.json's text to write. */
function siteOrigin(env: string, given?: string): { origin: string; site?: string } {
  const file = path.join(env, ENVIRONMENT_FILE.site);
  let value: unknown = given;
  if (given === undefined)
    try {
      value = (JSON.parse(readFileSync(file, 'utf8')) as { origin?: unknown }).origin;
    } catch (error) {
      throw new Error(`${file} cannot be read (${(error as Error).message}): write ${example} there, or publish once with --origin`, {
        cause: error,
      });
    }
  const checked = siteOriginOf(value);
  if ('problem' in checked)
    throw new Error(`${given === undefined ? `${file}: "origin" ${JSON.stringify(value)}` : `--origin "${given}"`} ${checked.problem}`);
  if (given === undefined) return { origin: checked.origin };
  return { origin: checked.origin, site: `${JSON.stringify({ origin: checked.origin }, null, 2)}\n` };
}

/** Whether a generation's pages could not all be rendered: a listed page, a not-found page or a remote's list missing. */
function isDegraded(record: RenderRecord, routes: readonly ServedRoute[]): boolean {
  const { pages, listed, notFoundPages, unlistedRemotes } = record;
  return pages.length < listed.length || notFoundPages.length < notFoundPagesOf(routes).length || unlistedRemotes.length > 0;
}

export async function publish(options: PublishOptions): Promise<Published> {
  const { doing, log = console.log } = options;
  const environment = environmentOf(options.env);
  try {
    const { published, live } = await environment.change(doing, () => publishPlan(options, environment.dir, log), { log });
    logLive(log, { ...live, env: environment.name });
    const { outcome, generation, previous } = published;
    await recordPublish(environment, {
      at: new Date().toISOString(),
      outcome,
      generation: generation.id,
      ...(previous ? { previous } : {}),
      doing,
    });
    return published;
  } catch (error) {
    await recordPublish(environment, { at: new Date().toISOString(), outcome: 'failed', doing });
    throw error;
  }
}

type Planned = { published: Published; live: Omit<Parameters<typeof logLive>[1], 'env'> };

/** Renders and writes a new generation in `env` (checked), and says what makes it live: what `environment.change` commits. */
async function publishPlan(options: PublishOptions, env: string, log: (line: string) => void): Promise<Switch<Planned>> {
  const { hostDir, change, rollout: changeOfRollout, render = true, limits = PUBLISH_FILE_LIMITS, network = fetch } = options;
  const started = performance.now();
  const { origin, site } = siteOrigin(env, options.origin);
  const before = readOwnRemotes(env);
  const remotes = change ? change(before.value) : before.value;
  const asText = (value: Record<string, unknown>) => `${JSON.stringify(value, null, 2)}\n`;
  const remotesJson = change ? asText(remotes) : before.text;
  const previous = generationToServe(env).generation;

  const hostRead = hostBuildOrProblem(hostDir);
  const routes = 'routes' in hostRead ? hostRead.routes : [];
  const setOptions = { host: hostRead, origin, render, limits, network, log };
  const stable = await renderPageSet({ ...setOptions, remotesJson, previous });
  const rollout = changeOfRollout ? changeOfRollout(readRollout(env)) : readRollout(env);
  const canaryJson = splits(rollout) ? asText({ ...remotes, [rollout.remote]: asEntry(rollout.canary) }) : undefined;
  const canary = canaryJson
    ? await renderPageSet({ ...setOptions, remotesJson: canaryJson, previous: previous?.canary, set: 'canary' })
    : undefined;
  const record: RenderRecord = {
    ...stable.record,
    ...(canary && rollout ? { canary: { rollout: rollout.id, remote: rollout.remote } } : {}),
  };
  const id = newGenerationId();
  const incoming = incomingDir(env, id);
  try {
    if (canary) writePageSet(path.join(incoming, GENERATION_FILE.canary), canary, canaryJson!);
    writePageSet(incoming, { ...stable, record }, remotesJson, crawlerFiles(origin, routes, record));
    const checked = checkGeneration(incoming);
    if (!isGood(checked)) throw new Error(`the new generation failed its check (${checked.problem})`);
    const dir = commitGeneration(env, incoming, id);
    const degraded = isDegraded(record, routes) || (canary !== undefined && isDegraded(canary.record, routes));
    const outcome = render && degraded ? 'degraded' : 'published';
    const was = currentId(env);
    const published = {
      generation: generationServed(checked, id, dir),
      before: before.value,
      outcome,
      ...(was ? { previous: was } : {}),
    } as const;
    const live = { id, record, canaryOf: canary ? rollout!.remote : undefined, canaryProblems: canary?.record.problems, started };
    // The rollout as this publish leaves it, changed again on what it is by then (a judge may have moved its share).
    return {
      generation: id,
      remotesJson,
      ...(changeOfRollout ? { rollout: changeOfRollout } : {}),
      ...(site ? { site } : {}),
      ...('id' in hostRead ? { hostBuild: { id: hostRead.id, dist: path.join(hostDir, 'dist') } } : {}),
      result: { published, live },
    };
  } catch (error) {
    rmSync(incoming, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}; nothing was changed`, { cause: error });
  }
}

/** The host build in `hostDir`, or why it cannot be read (every route is then rendered in the browser). */
function hostBuildOrProblem(hostDir: string): HostBuild | { problem: string } {
  try {
    return readHostBuild(hostDir);
  } catch (error) {
    return { problem: (error as Error).message };
  }
}

/** The lines of a publish gone live: each problem of its pages (the canary cohort's too), then what is live, and in what time. */
function logLive(
  log: (line: string) => void,
  live: {
    env: string;
    id: string;
    record: RenderRecord;
    canaryOf: string | undefined;
    canaryProblems: string[] | undefined;
    started: number;
  },
): void {
  const { env, id, record, canaryOf, canaryProblems, started } = live;
  for (const problem of [...record.problems, ...(canaryProblems?.map((problem) => `canary: ${problem}`) ?? [])])
    log(`[publish] ${problem}`);
  log(
    `[publish] ${path.basename(env) || env}: generation ${id} is live: ${record.pages.length} pages × ${record.languages.length} languages, ` +
      `${record.notFoundPages.length} not-found pages${record.kept.length ? `, ${record.kept.length} kept from the last` : ''} ` +
      `(host ${record.hostBuild || 'unknown'})${canaryOf !== undefined ? `, and the canary cohort's of ${canaryOf}` : ''} in ${Math.round(performance.now() - started)} ms`,
  );
}

/** The generation as served: what its check read, with its id and folder (its canary cohort's too). */
function generationServed(checked: Generation, id: string, dir: string): Generation {
  return {
    ...checked,
    id,
    dir,
    ...(checked.canary ? { canary: { ...checked.canary, id, dir: path.join(dir, GENERATION_FILE.canary) } } : {}),
  };
}
