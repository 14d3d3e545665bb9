/**
 * An answerer following its environment: every `everyMs` it brings the working folder up to what
 * the environment holds (a folder always is). While the store cannot be reached it says so once,
 * answers on from the last generation it has, and follows again once the store answers.
 */
import { currentId } from './generation.ts';
import type { Environment } from './environment.ts';
import { PUBLISH_JOURNAL } from './publishJournal.ts';

export interface Follower {
  /** The first look: resolved when it answered or failed (the answerer starts either way). */
  first: Promise<void>;
  /** Whether the last look at the environment answered. */
  reachable(): boolean;
  stop(): void;
}

export function followEnvironment(
  environment: Environment,
  {
    everyMs = 250,
    journalsEveryMs = 15_000,
    log = console.log,
  }: { everyMs?: number; journalsEveryMs?: number; log?: (line: string) => void } = {},
): Follower {
  let reachable = true;
  let stopped = false;
  let journalsAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  const look = async () => {
    const journals = performance.now() - journalsAt >= journalsEveryMs;
    try {
      await environment.follow(journals ? { journals: [PUBLISH_JOURNAL] } : {});
      if (journals) journalsAt = performance.now();
      if (!reachable) log(`[serve] ${environment.name}: the environment answers again: following it`);
      reachable = true;
    } catch (error) {
      if (reachable) {
        const served = currentId(environment.dir);
        log(
          `[serve] ${environment.name}: the environment cannot be read (${(error as Error).message}): ` +
            `answering from generation ${served ?? '(none yet)'}, the last followed, until it answers again`,
        );
      }
      reachable = false;
    }
  };
  const loop = async () => {
    if (stopped) return;
    await look();
    if (!stopped) timer = setTimeout(() => void loop(), everyMs);
  };
  const first = look().then(() => {
    if (!stopped) timer = setTimeout(() => void loop(), everyMs);
  });
  return {
    first,
    reachable: () => reachable,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
