/**
 * The system programs the tests use and npm cannot install: Chromium (browser tests) and
 * nginx (the production-server stage). Found on the usual paths, or installed from Debian's
 * packages when running as root on Debian (CI); Playwright's own browser download is not used.
 */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
const NGINX = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx'];

/** CHROME_PATH, then the usual system paths. */
export function findChromium() {
  if (process.env.CHROME_PATH) return existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : undefined;
  return CHROMIUM.find((candidate) => existsSync(candidate));
}

/** NGINX_PATH, then the usual system paths. */
export function findNginx() {
  if (process.env.NGINX_PATH) return existsSync(process.env.NGINX_PATH) ? process.env.NGINX_PATH : undefined;
  return NGINX.find((candidate) => existsSync(candidate));
}

/** As root on Debian: apt-get install the package and return true; otherwise false. */
export function installDebianPackage(name) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`[setup] installing Debian's ${name} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install =
    update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', name], { stdio: 'inherit', env });
  return Boolean(install && install.status === 0);
}
