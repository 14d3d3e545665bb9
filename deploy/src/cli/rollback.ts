#!/usr/bin/env node
/**
 * npm run rollback: the environment serves the last good generation before the current one again
 * (or the one named), with its remotes.json (publish/rollback.ts). The servers follow within a
 * second; nothing is rendered or fetched.
 *
 *   npm run rollback -- [--env DIR] [--to GENERATION-ID]
 */
import { rollback } from '../publish/rollback.ts';
import { ENV_OPTION, environmentDir, fail, parseOptions } from './options.ts';

const { values } = parseOptions('rollback', 'npm run rollback -- [--env DIR] [--to GENERATION-ID]', {
  ...ENV_OPTION,
  to: { type: 'string' },
});

try {
  await rollback({ env: environmentDir(values.env), to: values.to });
} catch (error) {
  fail('rollback', (error as Error).message);
}
