/**
 * A shared cache in front of the shop, configured as a CDN is: nginx's proxy_cache keyed on the
 * URL (no language, no shopper) and the rollout cohort's one bit, `canary` or `stable` (the cohort
 * cookie's last word, sent on as X-Maison-Cohort, docs/operations.md "Ship a remote gradually"),
 * its query normalised as the runbook says (tracking parameters dropped, the rest sorted: njs,
 * nginx's JavaScript module, from the shop's own list), a tester's override never served from or
 * kept in it, honouring the origin's Cache-Control (s-maxage, stale-while-revalidate), revalidating
 * with the ETag, and saying in X-Cache what it did.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TRACKING_PARAMETERS, TRACKING_PREFIX } from '@maison/shared/address';
import { COHORT_COOKIE, COHORT_HEADER, OVERRIDE_COOKIE, OVERRIDE_HEADER } from '@maison/host/contract';

export function nginxBinary(): string | undefined {
  return [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => file && existsSync(file));
}

/** nginx's JavaScript module (Debian: libnginx-mod-http-js), which the cache key's normalisation runs in. */
export function njsModule(): string | undefined {
  return ['/usr/lib/nginx/modules/ngx_http_js_module.so', '/usr/local/lib/nginx/modules/ngx_http_js_module.so'].find((file) =>
    existsSync(file),
  );
}

/**
 * The cache key's query, in njs: the tracking parameters (the shop's list, shared/src/address/query.ts)
 * dropped, the rest sorted by name, then value: every campaign's visitors share one copy, no two views do.
 */
const cacheKeyScript = () => `
const TRACKING = ${JSON.stringify(TRACKING_PARAMETERS)};
function name(pair) {
  try { return decodeURIComponent(pair.split('=')[0].replace(/\\+/g, ' ')).toLowerCase(); } catch (e) { return pair; }
}
function cacheKeyQuery(r) {
  const pairs = (r.variables.args || '').split('&').filter(function (pair) {
    const key = name(pair);
    return pair !== '' && key.indexOf(${JSON.stringify(TRACKING_PREFIX)}) !== 0 && TRACKING.indexOf(key) < 0;
  });
  pairs.sort(function (a, b) { return name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : a < b ? -1 : a > b ? 1 : 0; });
  return pairs.join('&');
}
export default { cacheKeyQuery };
`;

export interface Cdn {
  origin: string;
  stop(): Promise<void>;
}

/** nginx on `port`, caching for everyone what `upstream` (an origin like http://127.0.0.1:3600) lets it keep. */
export async function startCdn(nginx: string, port: number, upstream: string, njs = njsModule()): Promise<Cdn> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'maison-cdn-'));
  mkdirSync(path.join(prefix, 'logs'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${path.join(prefix, name)};`);
  if (njs) writeFileSync(path.join(prefix, 'cacheKey.js'), cacheKeyScript());
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
${njs ? `load_module ${njs};` : ''}
worker_processes 1;
pid nginx.pid;
error_log stderr error;
events { worker_connections 256; }
http {
  access_log off;
  ${temp.join('\n  ')}
  proxy_cache_path ${path.join(prefix, 'cache')} levels=1:2 keys_zone=cdn:10m inactive=1h use_temp_path=off;
  ${njs ? `js_path ${prefix}; js_import cacheKey.js; js_set $cache_key_query cacheKey.cacheKeyQuery;` : ''}
  # The cohort's one bit for the key; the whole claim (or none) for the origin, which answers that cohort or privately.
  map $cookie_${COHORT_COOKIE} $cohort_key { ~\\.canary$ canary; default stable; }
  map $cookie_${COHORT_COOKIE} $cohort_claim { "" none; default $cookie_${COHORT_COOKIE}; }
  map "$cookie_${OVERRIDE_COOKIE}$http_${OVERRIDE_HEADER.replaceAll('-', '_')}" $tester { "" 0; default 1; }
  server {
    listen ${port};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffer_size 16k;
      proxy_buffers 8 16k;
      proxy_cache cdn;
      # The URL alone: every visitor of an address gets the one copy (its query normalised, with njs).
      proxy_cache_key ${njs ? '$scheme$proxy_host$uri?$cache_key_query' : '$scheme$proxy_host$request_uri'}|$cohort_key;
      proxy_set_header ${COHORT_HEADER} $cohort_claim;
      proxy_cache_bypass $tester;
      proxy_no_cache $tester;
      proxy_cache_revalidate on;
      # Stale while it is updated only as long as the answer's stale-while-revalidate says (never a
      # canary-keyed one's): "updating" here would serve any stale copy, an aborted canary's page too.
      proxy_cache_use_stale error timeout http_502 http_503 http_504;
      proxy_cache_background_update on;
      add_header X-Cache $upstream_cache_status always;
    }
  }
}
`,
  );
  const args = ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'];
  const check = spawnSync(nginx, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`the CDN's configuration: ${check.stderr}`);
  const child: ChildProcess = spawn(nginx, args, { stdio: 'inherit' });
  const origin = `http://localhost:${port}`;
  for (let tries = 0; ; tries += 1) {
    if ((await fetch(`${origin}/robots.txt`).catch(() => undefined))?.ok) break;
    if (tries > 100) throw new Error('the CDN does not answer');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(prefix, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGQUIT');
      }),
  };
}
