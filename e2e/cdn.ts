/**
 * A shared cache in front of the shop, configured as a CDN is: nginx's proxy_cache keyed on the
 * URL alone (no cookie, no language), honouring the origin's Cache-Control (s-maxage,
 * stale-while-revalidate), revalidating with the ETag, and saying in X-Cache what it did.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function nginxBinary(): string | undefined {
  return [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'].find((file) => file && existsSync(file));
}

export interface Cdn {
  origin: string;
  stop(): Promise<void>;
}

/** nginx on `port`, caching for everyone what `upstream` (an origin like http://127.0.0.1:3600) lets it keep. */
export async function startCdn(nginx: string, port: number, upstream: string): Promise<Cdn> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), 'maison-cdn-'));
  mkdirSync(path.join(prefix, 'logs'));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `${name}_temp_path ${path.join(prefix, name)};`);
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid nginx.pid;
error_log stderr error;
events { worker_connections 256; }
http {
  access_log off;
  ${temp.join('\n  ')}
  proxy_cache_path ${path.join(prefix, 'cache')} levels=1:2 keys_zone=cdn:10m inactive=1h use_temp_path=off;
  server {
    listen ${port};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_buffer_size 16k;
      proxy_buffers 8 16k;
      proxy_cache cdn;
      # The URL alone: every visitor of an address gets the one copy.
      proxy_cache_key $scheme$proxy_host$request_uri;
      proxy_cache_revalidate on;
      proxy_cache_use_stale updating error timeout http_502 http_503 http_504;
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
