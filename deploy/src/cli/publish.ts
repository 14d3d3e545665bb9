#!/usr/bin/env node
/** npm run render: publishes an environment's remotes.json as it is, its public pages rendered from the builds it names (publish/publish.ts). */
import path from 'node:path';
import { HOST_APP } from '../../../apps.mts';
import { publish } from '../publish/publish.ts';
import { ENV_OPTION, environmentWhere, exitPublished, parseOptions, ROOT, run } from './options.ts';

const USAGE = `npm run render -- [--env DIR] [--origin URL] [--host DIR] [--no-render]
exit codes: 0 published, every page rendered; 1 nothing changed (why, on standard error);
  2 published, but some routes are rendered in the browser (the problems, printed)`;
const { values } = parseOptions('publish', USAGE, {
  ...ENV_OPTION,
  origin: { type: 'string', help: "the shop's public origin; checked, then kept in the environment's environment.json" },
  host: { type: 'string', help: "the folder holding the host's dist/ and dist-server/ (default: this checkout's host/)" },
  'no-render': { type: 'boolean', help: 'publish with every route rendered in the browser' },
});

await run('publish', async () => {
  const published = await publish({
    env: environmentWhere(values.env),
    hostDir: path.resolve(values.host ?? path.join(ROOT, HOST_APP.dir)),
    origin: values.origin,
    render: !values['no-render'],
    doing: `npm run render${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
  });
  exitPublished('publish', published);
});
