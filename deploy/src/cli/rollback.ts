#!/usr/bin/env node
/** npm run rollback: serves the last good generation before the current one again, or the one named (publish/rollback.ts). */
import { rollback } from '../publish/rollback.ts';
import { ENV_OPTION, environmentWhere, parseOptions, run } from './options.ts';

const { values } = parseOptions('rollback', 'npm run rollback -- [--env DIR] [--to GENERATION-ID]', {
  ...ENV_OPTION,
  to: { type: 'string' },
});

await run('rollback', () => rollback({ env: environmentWhere(values.env), to: values.to }));
