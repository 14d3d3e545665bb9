import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

/** CHROME_PATH, then the usual system paths. Playwright's own browser download is not used (no network for it). */
export function findChromium() {
  if (process.env.CHROME_PATH) return existsSync(process.env.CHROME_PATH) ? process.env.CHROME_PATH : undefined;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

/** On a fresh Debian machine as root, installs Debian's chromium; otherwise returns undefined. */
export function installChromium() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return undefined;
  console.log('[e2e] no Chromium found: installing Debian\'s chromium (apt-get)…');
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit' });
  const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  return install && install.status === 0 ? findChromium() : undefined;
}
