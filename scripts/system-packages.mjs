/** The browsers, nginx and Prometheus the tests use: found on the usual paths, or apt-installed as root on Debian. */
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

/** The path in the environment variable when set (undefined if nothing is there), else the first candidate that exists. */
const find = (variable, candidates) =>
  (process.env[variable] ? [process.env[variable]] : candidates).find((candidate) => existsSync(candidate));

export const findChromium = () =>
  find('CHROME_PATH', ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable']);

export const findFirefox = () => find('FIREFOX_PATH', ['/usr/bin/firefox-esr', '/usr/bin/firefox']);

/** WebKitWebDriver, MiniBrowser and xvfb-run; undefined unless all three exist. */
export function findWebKitGTK() {
  const found = {
    driver: find('WEBKIT_WEBDRIVER_PATH', ['/usr/bin/WebKitWebDriver']),
    browser: find(
      'MINIBROWSER_PATH',
      ['x86_64-linux-gnu', 'aarch64-linux-gnu'].map((arch) => `/usr/lib/${arch}/webkit2gtk-4.1/MiniBrowser`),
    ),
    xvfbRun: find('XVFB_RUN_PATH', ['/usr/bin/xvfb-run']),
  };
  return Object.values(found).every(Boolean) ? found : undefined;
}

export const findPrometheus = () => find('PROMETHEUS_PATH', ['/usr/bin/prometheus', '/usr/local/bin/prometheus']);

/** The Debian packages each program comes in (xvfb-run needs xauth, which xvfb only recommends). */
export const DEBIAN_PACKAGES = {
  chromium: ['chromium'],
  firefox: ['firefox-esr'],
  webkit: ['webkit2gtk-driver', 'xvfb', 'xauth'],
  nginx: ['nginx', 'libnginx-mod-http-js'],
  prometheus: ['prometheus'],
};

/** As root on Debian: apt-get install the packages and return true; otherwise false. */
export function installDebianPackages(names) {
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`[setup] installing Debian's ${names.join(' ')} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const aptGet = (args) => spawnSync('apt-get', args, { stdio: 'inherit', env }).status === 0;
  return aptGet(['update', '-qq']) && aptGet(['install', '-y', '-qq', '--no-install-recommends', ...names]);
}
