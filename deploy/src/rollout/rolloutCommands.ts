/**
 * What a team and the judge do to a rollout (docs/operations.md, "Ship a remote gradually"):
 * start a canary of one remote's build for a share of shoppers, move the share, promote it (its
 * entries become the remote's in remotes.json) or abort it. Starting, promoting and ending publish
 * (both cohorts' pages are rendered from their own builds); a share moves without one. One rollout
 * at a time per environment: the judgement compares one change against the rest of the shop.
 */
import path from 'node:path';
import { remoteFileFetch } from '@maison/host/hosting';
import { entriesOf, manifestUrlOf, parseRemotesJson, type RolloutRecord } from '@maison/host/contract';
import { REMOTE_NAMES } from '../../../apps.mts';
import { REMOTES_RULES } from '../environment/layout.ts';
import { asEntry, checkGeneration, currentId, generationDir, isGood, readOwnRemotes } from '../environment/generation.ts';
import { publish, type Published } from '../publish/publish.ts';
import { checkBuild } from '../publish/verify.ts';
import { newRolloutId, readRollout, splits } from '../environment/rolloutRecord.ts';
import { environmentOf, type Environment } from '../environment/environment.ts';

/** The shares a healthy canary moves through, in percent; past the last it is promoted. */
export const DEFAULT_STEPS = [5, 25, 50, 100];

export interface RolloutContext {
  /** A folder, s3://bucket/prefix, or the environment opened. */
  env: string | Environment;
  /** The host's folder (its renderer renders both cohorts' pages). */
  hostDir: string;
  /** The @maison/shared version this checkout's host provides (a build needing a newer one is refused). */
  contract: string;
  /** What ran it, for the publish journal and a publish that has to wait. */
  doing: string;
  log?: (line: string) => void;
  render?: boolean;
  /** The network remote files are fetched over (default: this process's). */
  network?: typeof globalThis.fetch;
}

export interface CanaryRequest {
  remote: string;
  entries: string[];
  share: number;
  steps?: number[];
}

const running = (record: RolloutRecord) => `a rollout of ${record.remote} is ${record.state} at ${record.share}% (${record.id})`;

/** The remote's build now: the first choice of the generation served, as its render record read it. */
function servedBuild(env: string, remote: string): string | undefined {
  const id = currentId(env);
  const generation = id === undefined ? undefined : checkGeneration(generationDir(env, id));
  return generation && isGood(generation) ? generation.render.builds?.remotes[remote]?.[0]?.build : undefined;
}

/** Starts a canary: checked, then published with its cohort's pages; refused while another rollout splits shoppers. */
export async function startCanary(context: RolloutContext, request: CanaryRequest): Promise<Published> {
  const { contract } = context;
  const environment = environmentOf(context.env);
  await environment.follow();
  const env = environment.dir;
  const { remote, entries, share, steps = DEFAULT_STEPS } = request;
  if (!(REMOTE_NAMES as string[]).includes(remote)) throw new Error(`${remote} is not a remote: ${REMOTE_NAMES.join(', ')}`);
  if (!(share >= 0 && share < 100)) throw new Error(`the share is a percent from 0 (testers only) to below 100, not ${share}`);
  if (steps.some((step, index) => !(step > 0 && step <= 100) || (index > 0 && step <= steps[index - 1]!)))
    throw new Error(`the steps are rising percents up to 100, not ${steps.join(',')}`);
  const canaryEntries = parseRemotesJson({ [remote]: asEntry(entries) }, REMOTES_RULES);
  const problems = canaryEntries.problems.filter((problem) => problem.includes(`"${remote}"`));
  if (problems.length > 0) throw new Error(problems.join('; '));
  const stable = entriesOf(readOwnRemotes(env).value[remote]).map(String);
  if (stable.length === 0) throw new Error(`${remote} has no entry in remotes.json yet: set it first (npm run remotes -- set)`);
  const url = (entry: string) => {
    const read = manifestUrlOf(entry, REMOTES_RULES.base);
    return 'url' in read ? read.url : entry;
  };
  if (url(entries[0]!) === url(stable[0]!))
    throw new Error(
      `${entries[0]} is ${remote}'s address now: a canary needs an address of its own (caches could not tell the two builds apart)`,
    );

  const fetch = remoteFileFetch(canaryEntries.locations, context.network);
  const canaryBuild = await checkBuild(remote, url(entries[0]!), { fetch, contract });
  if ('problem' in canaryBuild) throw new Error(`the canary would not load: ${canaryBuild.problem}`);
  const stableBuild = servedBuild(env, remote);
  if (!stableBuild) throw new Error(`${remote}'s build served now is not known (publish first: npm run render)`);
  if (stableBuild === canaryBuild.buildVersion)
    throw new Error(`${url(entries[0]!)} is build ${stableBuild}, the one served now: nothing to compare`);

  const now = new Date().toISOString();
  const record: RolloutRecord = {
    id: newRolloutId(),
    remote,
    state: 'running',
    share,
    steps: steps.filter((step) => step > share),
    canary: entries,
    stable,
    canaryBuild: canaryBuild.buildVersion,
    stableBuild,
    startedAt: now,
    stepStartedAt: now,
  };
  if (record.steps.length === 0) record.steps = [100];
  return publish({
    ...publishOptions(context),
    rollout: (current) => {
      if (splits(current)) throw new Error(`${running(current)}: promote or abort it first (one rollout at a time)`);
      return record;
    },
  });
}

/** Moves the share (a person, or the judge's next step); a held rollout runs again. No publish: the servers read it at once. */
export function moveShare(env: string | Environment, remote: string, share: number, by = 'moved by hand'): Promise<RolloutRecord> {
  return environmentOf(env).changeRollout((current) => {
    const record = ongoing(current, remote);
    if (!(share >= 0 && share < 100)) throw new Error(`the share is a percent from 0 to below 100 (promote for 100), not ${share}`);
    const moved = { ...record, state: 'running' as const, share, stepStartedAt: new Date().toISOString(), reason: by };
    return { record: moved, result: moved };
  });
}

/** The canary becomes the remote's entries in remotes.json, for everyone, in one publish. */
export function promote(context: RolloutContext, remote: string, reason = 'promoted by hand'): Promise<Published> {
  return publish({
    ...publishOptions(context),
    change: (remotes) => ({ ...remotes, [remote]: asEntry(ongoing(readRollout(environmentOf(context.env).dir), remote).canary) }),
    rollout: (current) => ({ ...ongoing(current, remote), state: 'promoted', share: 100, endedAt: new Date().toISOString(), reason }),
  });
}

/** Ends the canary at once (the servers stop serving its pages within their re-check), then publishes without them. */
export async function abort(context: RolloutContext, remote: string, reason = 'aborted by hand'): Promise<Published> {
  return (await abortNow(context, remote, reason))();
}

/** Ends the canary at once; what it returns publishes the environment without its pages. */
export async function abortNow(context: RolloutContext, remote: string, reason: string): Promise<() => Promise<Published>> {
  await environmentOf(context.env).changeRollout((current) => {
    const record = ongoing(current, remote);
    return { record: { ...record, state: 'aborted', endedAt: new Date().toISOString(), reason }, result: undefined };
  });
  return () => publish(publishOptions(context));
}

/** Marks a rollout held: it keeps its split, and moves again only when a person says so. */
export function hold(env: string | Environment, remote: string, reason: string): Promise<RolloutRecord> {
  return environmentOf(env).changeRollout((current) => {
    const record = ongoing(current, remote);
    const held = { ...record, state: 'held' as const, reason };
    return { record: held, result: held };
  });
}

function ongoing(current: RolloutRecord | undefined, remote: string): RolloutRecord {
  if (!splits(current)) throw new Error(`no rollout is running${current ? ` (the last, of ${current.remote}, was ${current.state})` : ''}`);
  if (current.remote !== remote) throw new Error(`${running(current)}, not of ${remote}`);
  return current;
}

function publishOptions({ env, hostDir, doing, log, render, network }: RolloutContext) {
  return {
    env,
    hostDir: path.resolve(hostDir),
    doing,
    ...(log ? { log } : {}),
    ...(render === undefined ? {} : { render }),
    ...(network ? { network } : {}),
  };
}
