/** Rolls an environment back to the last good (or named) generation, remotes.json included, as one change of it. */
import { environmentOf, type Environment } from '../environment/environment.ts';
import { checkGeneration, currentId, generationDir, generationIds, isGood, lastGoodBefore } from '../environment/generation.ts';
import type { Generation } from '../environment/generation.ts';

export async function rollback({
  env,
  to,
  log = console.log,
}: {
  env: string | Environment;
  to?: string;
  log?: (line: string) => void;
}): Promise<Generation> {
  const environment = environmentOf(env);
  const dir = environment.dir;
  let was: string | undefined;
  const target = await environment.change(
    `rollback${to ? ` --to ${to}` : ''}`,
    async () => {
      was = currentId(dir);
      const target = to ? checkGeneration(generationDir(dir, to)) : lastGoodBefore(dir, was);
      if (!target) throw new Error(`there is no good generation before ${was ?? 'the first publish'} to go back to`);
      if (!isGood(target))
        throw new Error(`generation ${to} cannot be served (${target.problem}); generations: ${generationIds(dir).join(', ')}`);
      return { generation: target.id, remotesJson: target.remotesJson, result: target };
    },
    { log, allGenerations: true },
  );
  log(
    `[rollback] ${environment.name}: generation ${target.id} is live again (was ${was ?? 'none'}), with its remotes.json:\n${target.remotesJson.trimEnd()}`,
  );
  return target;
}
