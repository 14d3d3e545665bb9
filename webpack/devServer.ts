/**
 * The development servers (`npm start`): one per app on its apps.json port, Fast Refresh
 * (./fastRefresh.ts), and the production servers' headers for a page (@maison/deploy), so
 * that what production's Content-Security-Policy would refuse (an origin remotes.json does not
 * name, inline script, eval) fails in development too, where it is written.
 */
import path from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Configuration as DevServerConfiguration } from 'webpack-dev-server';
import { ENVIRONMENT_FILE, LOCAL_ENVIRONMENT_DIR, pagePolicy, securityHeaders, servedRemotes } from '@maison/deploy';
import { APPS, appNamed, REMOTE_NAMES } from '../apps.mts';

const root = path.resolve(__dirname, '..');

/**
 * The remotes.json the host's development server answers, and whose origins every development
 * server's policy allows: the local environment's (deploy/local), or the one `npm start -- --against`
 * composed (scripts/start.ts), named by this variable.
 */
export const DEV_REMOTES_VARIABLE = 'MAISON_DEV_REMOTES';

export function devRemotesFile(): string {
  return process.env[DEV_REMOTES_VARIABLE] ?? path.join(root, LOCAL_ENVIRONMENT_DIR, ENVIRONMENT_FILE.remotes);
}

/**
 * What development needs beyond production's policy, and nothing else: styles injected as
 * `<style>` by style-loader (so they hot-update; production links CSS files), and each
 * development server's update socket (its hot client runs in the shop's page).
 */
export const DEVELOPMENT_SOURCES: Record<string, string[]> = {
  'style-src': ["'unsafe-inline'"],
  'connect-src': APPS.map(({ port }) => `ws://localhost:${port}`),
};

/** A policy with more sources in some of its directives. */
export function withSources(policy: string, extra: Record<string, string[]>): string {
  return policy
    .split('; ')
    .map((directive) => {
      const sources = extra[directive.split(' ')[0]!];
      return sources ? `${directive} ${sources.join(' ')}` : directive;
    })
    .join('; ');
}

/** Production's headers for this remotes.json, with the development sources added to the policy. */
export function developmentHeaders(remotesJson: string | undefined): Record<string, string> {
  const headers: Record<string, string> = securityHeaders(pagePolicy(servedRemotes(remotesJson ?? '{}', REMOTE_NAMES)));
  return { ...headers, 'Content-Security-Policy': withSources(headers['Content-Security-Policy']!, DEVELOPMENT_SOURCES) };
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

export function devServerOptions(app: string, options: { publicDir: string; files?: Record<string, string> }): DevServerConfiguration {
  return {
    port: appNamed(app).port,
    historyApiFallback: true,
    // Fast Refresh; an update no module accepts reloads the page (webpack's hot client).
    hot: true,
    liveReload: true,
    // An object, not a function: webpack-dev-server then leaves out its same-origin resource
    // policy, which would keep the shop's page from loading remote code.
    headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
    client: { overlay: { errors: true, warnings: false, runtimeErrors: false } },
    static: existsSync(options.publicDir) ? { directory: options.publicDir, watch: true } : false,
    setupMiddlewares(middlewares, devServer) {
      // remotes.json is read per request: an edit of it applies to the next page, as in production.
      middlewares.unshift({
        name: 'security-headers',
        middleware: (_req: IncomingMessage, res: ServerResponse, next: () => void) => {
          for (const [name, value] of Object.entries(developmentHeaders(readText(devRemotesFile())))) res.setHeader(name, value);
          next();
        },
      });
      for (const [route, file] of Object.entries(options.files ?? {})) {
        devServer.app?.get(route, (_req, res) => res.set('Cache-Control', 'no-cache').sendFile(file));
      }
      return middlewares;
    },
  };
}
