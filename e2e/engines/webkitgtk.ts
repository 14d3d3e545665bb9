/**
 * WebKitGTK for the browser tests: WebKitWebDriver on a free port, on a virtual display
 * (xvfb-run), starting a MiniBrowser for each session. Playwright's own WebKit is a browser
 * download, which this project does not use; Debian's WebKitGTK is driven through W3C
 * WebDriver instead (selenium-webdriver pointed at the driver's URL).
 *
 * The paths come from scripts/e2e.mjs (WEBKIT_WEBDRIVER_PATH, MINIBROWSER_PATH, XVFB_RUN_PATH),
 * with Debian's as defaults.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { Builder, type WebDriver } from 'selenium-webdriver';

const DRIVER = process.env.WEBKIT_WEBDRIVER_PATH || '/usr/bin/WebKitWebDriver';
const MINIBROWSER = process.env.MINIBROWSER_PATH || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const XVFB_RUN = process.env.XVFB_RUN_PATH || '/usr/bin/xvfb-run';
/** A session starts in 1-2 s on 2 busy cores. */
const SESSION_START_TIMEOUT = 20_000;

export interface WebKitDriver {
  /** A new MiniBrowser with a fresh profile, as a new Playwright context is. */
  newSession(): Promise<WebDriver>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitUntilReady(url: string, child: { exitCode: number | null }, output: () => string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode}): ${output()}`);
    const ready = await fetch(`${url}/status`)
      .then((response) => response.json() as Promise<{ value?: { ready?: boolean } }>)
      .then((status) => status.value?.ready === true)
      .catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`WebKitWebDriver did not answer at ${url} within 20 s: ${output()}`);
}

export async function startWebKitDriver(): Promise<WebKitDriver> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Its own process group: stopping it ends xvfb-run, the display, the driver and its browsers together.
  const child = spawn(XVFB_RUN, ['--auto-servernum', DRIVER, `--port=${port}`], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await waitUntilReady(url, child, () => output);

  async function startSession(): Promise<WebDriver> {
    const session = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        // A load returns at the page's load event ('eager' never returns in WebKitGTK 2.50).
        pageLoadStrategy: 'normal',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    // A hang fails the step with its own message, well within the test's time.
    await session.manage().setTimeouts({ pageLoad: 45_000, script: 20_000 });
    return session;
  }

  return {
    /**
     * A MiniBrowser that does not come up (once in CI its session never started, and the test
     * timed out after 90 s) is given up after SESSION_START_TIMEOUT and started once more.
     */
    async newSession() {
      for (let attempt = 1; ; attempt += 1) {
        const starting = startSession();
        const timedOut = new Promise<'timed out'>((resolve) => setTimeout(() => resolve('timed out'), SESSION_START_TIMEOUT).unref());
        const session = await Promise.race([starting, timedOut]);
        if (session !== 'timed out') return session;
        // Should it come up after all, it is closed.
        void starting.then((late) => late.quit()).catch(() => undefined);
        if (attempt === 2) throw new Error(`WebKitWebDriver: no MiniBrowser session within ${SESSION_START_TIMEOUT} ms, twice`);
      }
    },
    async stop() {
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await exited;
    },
  };
}
