#!/usr/bin/env node
/** Production builds of all four apps, one after another (two at once thrashes a 2-core machine). */
import { spawnSync } from 'node:child_process';
import { APPS } from '../apps.mts';

const started = Date.now();
for (const { dir } of APPS) {
  const t0 = Date.now();
  const result = spawnSync('npm', ['run', 'build', '-w', dir], { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`[build] ${dir} failed`);
    process.exit(result.status ?? 1);
  }
  console.log(`[build] ${dir} built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}
console.log(`[build] all apps built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
