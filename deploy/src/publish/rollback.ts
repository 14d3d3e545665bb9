/** Rolls an environment back to the last good (or named) generation, remotes.json included, under the lock. */
import { checkGeneration, currentId, generationDir, generationIds, isGood, lastGoodBefore } from '../environment/generation.ts';
import type { Generation } from '../environment/generation.ts';
import { switchTo, withPublishLock } from '../environment/switching.ts';

export function rollback({ env, to, log = console.log }: { env: string; to?: string; log?: (line: string) => void }): Promise<Generation> {
  return withPublishLock(
    env,
    `rollback${to ? ` --to ${to}` : ''}`,
    async () => {
      const current = currentId(env);
      const target = to ? checkGeneration(generationDir(env, to)) : lastGoodBefore(env, current);
      if (!target) throw new Error(`there is no good generation before ${current ?? 'the first publish'} to go back to`);
      if (!isGood(target))
        throw new Error(`generation ${to} cannot be served (${target.problem}); generations: ${generationIds(env).join(', ')}`);
      switchTo(env, target.id, target.remotesJson);
      log(
        `[rollback] ${env}: generation ${target.id} is live again (was ${current ?? 'none'}), with its remotes.json:\n${target.remotesJson.trimEnd()}`,
      );
      return target;
    },
    { log },
  );
}
