#!/usr/bin/env node
/** npm run remotes: reads, checks or changes an environment's remotes.json (docs/operations.md, "Publishing"). */
import path from 'node:path';
import { remoteFileFetch } from '@maison/host/hosting';
import { entriesOf, parseRemotesJson } from '@maison/host/contract';
import { HOST_APP, REMOTE_NAMES } from '../../../apps.mts';
import { REMOTES_RULES, SHOP_ORIGIN, ENVIRONMENT_FILE } from '../environment/layout.ts';
import { asEntry, currentId, readOwnRemotes } from '../environment/generation.ts';
import { publish } from '../publish/publish.ts';
import { environmentOf } from '../environment/environment.ts';
import { readRollout, splits } from '../environment/rolloutRecord.ts';
import { checkBuild } from '../publish/verify.ts';
import { contractVersion, ENV_OPTION, environmentWhere, exitPublished, fail, parseOptions, ROOT, run } from './options.ts';

const USAGE = `npm run remotes -- show | check | set <remote> <manifest-url> [<fallback-url> ...]  [--env DIR] [--no-verify] [--no-render]
  show         the entries and the live generation
  check        every entry checked as the shop's page reads it, and (unless --no-verify) each build fetched
  set          checks the remote's entries as check does, then publishes with them (npm run render's exit codes)`;
const OPTIONS = { ...ENV_OPTION, 'no-verify': { type: 'boolean' }, 'no-render': { type: 'boolean' } } as const;
const { values, positionals } = parseOptions('remotes', USAGE, OPTIONS, true);
const environment = environmentOf(environmentWhere(values.env));
const env = environment.dir;
const file = environment.nameOf(ENVIRONMENT_FILE.remotes);

/** What is wrong with `config`'s entries for `names`: their form, then (verify) whether each build loads. */
async function problemsOf(config: Record<string, unknown>, names: readonly string[], verify: boolean): Promise<string[]> {
  const parsed = parseRemotesJson(config, REMOTES_RULES);
  const problems = parsed.problems.filter((problem) => names.some((name) => problem.includes(`"${name}"`)));
  if (!verify || problems.length > 0) return problems;
  const fetch = remoteFileFetch(parsed.locations);
  for (const [name, urls = []] of Object.entries(parsed.locations)) {
    for (const url of urls.filter((candidate) => !candidate.startsWith(SHOP_ORIGIN))) {
      const build = await checkBuild(name, url, { fetch, contract: contractVersion() });
      if ('problem' in build) problems.push(`"${name}" entry "${url}": ${build.problem}`);
      else console.log(`[remotes]   ok ${url} (build ${build.buildVersion})`);
    }
  }
  return problems;
}

const [command, remote, ...urls] = positionals;
const verify = !values['no-verify'];

await run('remotes', async () => {
  await environment.follow();
  const config = readOwnRemotes(env).value;
  if (command === 'show') {
    for (const name of REMOTE_NAMES) {
      const entries = entriesOf(config[name]);
      console.log(`${name.padEnd(8)} ${entries.length === 0 ? '(none)' : entries.join('\n         then ')}`);
    }
    console.log(`live     generation ${currentId(env) ?? '(none: not published yet)'}`);
  } else if (command === 'check') {
    const problems = await problemsOf(config, REMOTE_NAMES, verify);
    if (problems.length > 0) fail('remotes', `${file} has problems:\n  ${problems.join('\n  ')}`);
    console.log(`[remotes] ${file} is valid`);
  } else if (command === 'set') {
    if (!remote || !(REMOTE_NAMES as string[]).includes(remote))
      fail('remotes', `set needs a remote name: ${REMOTE_NAMES.join(', ')} (got ${remote ?? 'nothing'})`);
    if (urls.length === 0) fail('remotes', `set ${remote} needs at least one manifest URL`);
    const rollout = readRollout(env);
    if (splits(rollout) && rollout.remote === remote) {
      const rolling = `${remote} is being rolled out (${rollout.id}, ${rollout.share}%)`;
      fail('remotes', `${rolling}: promote or abort it first (npm run rollout -- status)`);
    }
    const entry = asEntry(urls);
    const problems = await problemsOf({ [remote]: entry }, [remote], verify);
    if (problems.length > 0) fail('remotes', `not written, ${remote} would not load:\n  ${problems.join('\n  ')}`);
    const published = await publish({
      env: environment,
      hostDir: path.join(ROOT, HOST_APP.dir),
      change: (current) => ({ ...current, [remote]: entry }),
      render: !values['no-render'],
      doing: `npm run remotes -- ${process.argv.slice(2).join(' ')}`,
    });
    console.log(`[remotes] ${file}: ${remote} was ${entriesOf(published.before[remote]).join(', ') || '(none)'}, now ${urls.join(', ')}`);
    exitPublished('remotes', published);
  } else {
    fail('remotes', `usage: ${USAGE}`);
  }
});
