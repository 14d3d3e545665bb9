/**
 * `npm start`'s server builds, rebuilt on change at a lower priority; built.json follows each build
 * (npm start removes the last run's before any dev server starts).
 *   node --import=tsx scripts/start/serverBuilds.ts host,catalog,cart,account
 */
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import webpack, { type Configuration } from 'webpack';
import { appNamed } from '../../apps.mts';
import { DEV_SERVER_BUILT_FILE } from '../../webpack/server';

type AppConfig = (env: { server: boolean }, argv: { mode: 'development' }) => Configuration;

const names = (process.argv[2] ?? '').split(',').filter(Boolean);
const load = createRequire(import.meta.url);
const configs = names.map((name) => {
  const module = load(`../../${appNamed(name).dir}/webpack.config.ts`) as { default: AppConfig };
  return { ...module.default({ server: true }, { mode: 'development' }), name, stats: 'errors-warnings' as const };
});

const started = Date.now();
let first = true;
webpack(configs).watch({ aggregateTimeout: 300 }, (error, stats) => {
  if (error || !stats || stats.hasErrors()) {
    console.error(
      `[render] the server builds failed: pages are rendered in the browser until they build\n${error?.message ?? stats?.toString('errors-only')}`,
    );
    return;
  }
  writeFileSync(DEV_SERVER_BUILT_FILE, `${JSON.stringify({ hash: stats.hash, at: new Date().toISOString() })}\n`);
  if (first)
    console.log(
      `[render] server builds of ${names.join(', ')} ready in ${((Date.now() - started) / 1000).toFixed(1)} s: pages are rendered`,
    );
  first = false;
});
