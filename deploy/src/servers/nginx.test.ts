import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPS } from '../../../apps.mts';
import { findNginx, frontConfig } from './nginx.ts';
import { CONNECTION_LIMITS } from './node.ts';

const config = frontConfig({ apps: APPS, answererOf: (app) => `unix:/run/maison/${app.name}.sock`, cacheDir: '/var/cache/nginx/maison' });

describe('the nginx configuration', () => {
  it('holds no rule a publish could leave stale: no origin, policy, route, page or redirect', () => {
    expect(config).not.toMatch(
      /localhost:\d|'self'|location ~|location = \/(?!\.maison\/)|products|checkout|profile|maison_lang|redirect|rewrite|try_files|\broot\b/,
    );
    for (const { port, name } of APPS) {
      expect(config).toContain(`listen ${port};`);
      expect(config).toContain(`server unix:/run/maison/${name}.sock;`);
    }
  });

  it('logs one JSON line an answer, in the answerer’s shape, with the request id it passes on (a caller’s when well formed)', () => {
    expect(config).toContain('log_format maison_json escape=json');
    expect(config).toContain('access_log "/var/log/nginx/maison-access.log" maison_json;');
    expect(config).toContain('proxy_set_header X-Request-Id $maison_request_id;');
    expect(config).toMatch(/map \$http_x_request_id \$maison_request_id \{\s+default \$maison_trace_id;/);
    expect(config).not.toMatch(/\$request_uri|\$args|\$query_string/);
  });

  it('keeps only what the answerer marks immutable', () => {
    expect(config).toContain('proxy_no_cache $maison_not_immutable;');
    expect(config).toMatch(/map \$upstream_http_cache_control \$maison_not_immutable \{\s+default 1;\s+"~immutable" 0;/);
  });

  it('refuses over-long and malformed requests with the answerer’s own answers: the host’s page in the address’s language', () => {
    expect(config).toContain('large_client_header_buffers 4 8k;');
    // A remote: plain text.
    expect(config).toContain('error_page 494 =431 /.maison/431;');
    expect(config).toContain("return 414 'Request line too long\\n';");
    expect(config).toContain(
      `add_header Content-Security-Policy "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'" always;`,
    );
    // The host: its refusal page, in the language the request line's address says.
    expect(config).toMatch(/map \$request \$maison_refused_language \{\s+default en;\s+"~\^\\S\+ \/vi\(\[\/\? \]\|\$\)" vi;/);
    expect(config).toContain('error_page 400 /.maison/400-$maison_refused_language;');
    expect(config).toMatch(
      /location = \/\.maison\/400-vi \{[^}]*return 400 '<!doctype html><html lang="vi">.*<a href="\/vi\/">Về trang chủ<\/a>/,
    );
  });

  it('caps open connections per client address on each port, and closes a connection whose headers do not come, as the answerer does', () => {
    for (const { name } of APPS) {
      expect(config).toContain(`limit_conn_zone $binary_remote_addr zone=maison_${name}_clients:1m;`);
      expect(config).toContain(`limit_conn maison_${name}_clients ${CONNECTION_LIMITS.perClient};`);
    }
    expect(config.match(/client_header_timeout 10s;/g)).toHaveLength(APPS.length);
    expect(config.match(/limit_conn_status 429;/g)).toHaveLength(APPS.length);
  });

  const nginx = findNginx();
  (nginx ? it : it.skip)('is accepted by nginx -t', () => {
    const prefix = mkdtempSync(path.join(os.tmpdir(), 'maison-nginx-test-'));
    const local = frontConfig({ apps: APPS, answererOf: (app) => `unix:${prefix}/${app.name}.sock`, cacheDir: path.join(prefix, 'cache') });
    writeFileSync(path.join(prefix, 'front.conf'), local);
    writeFileSync(path.join(prefix, 'nginx.conf'), `pid ${prefix}/nginx.pid; error_log stderr; events {} http { include front.conf; }\n`);
    const check = spawnSync(nginx!, ['-t', '-p', prefix, '-c', path.join(prefix, 'nginx.conf')], { encoding: 'utf8' });
    rmSync(prefix, { recursive: true, force: true });
    expect(check.stderr).toContain('test is successful');
  });
});
