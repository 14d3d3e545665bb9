/**
 * apps.json as code: the four apps, their folders and ports, and which one is the host. Every
 * tool (builds, servers, publishing, tests, benchmarks) reads the list through this module, so
 * "which apps are remotes" is decided here once, except ESLint's config (it loads no TypeScript).
 */
import type { RemoteName } from '@maison/shared';
import apps from './apps.json' with { type: 'json' };

export interface AppEntry {
  /** The app's federation name. */
  name: string;
  /** Its folder, from the repository's root. */
  dir: string;
  /** Its port in development and in `npm run serve`. */
  port: number;
}

export const APPS: readonly AppEntry[] = apps;

/** The shell that loads the others. */
export const HOST_APP: AppEntry = APPS.find(({ name }) => name === 'host')!;

export const isHostApp = (app: Pick<AppEntry, 'name'>) => app.name === HOST_APP.name;

/** The remotes: every app but the host. */
export const REMOTE_APPS: readonly AppEntry[] = APPS.filter((app) => !isHostApp(app));
export const REMOTE_NAMES = REMOTE_APPS.map(({ name }) => name) as RemoteName[];

export function appNamed(name: string): AppEntry {
  const app = APPS.find((entry) => entry.name === name);
  if (!app) throw new Error(`apps.json has no app named "${name}" (apps: ${APPS.map((entry) => entry.name).join(', ')})`);
  return app;
}

/** Where an app answers on this machine (`npm start`, `npm run serve`). */
export const localOrigin = (app: Pick<AppEntry, 'port'>) => `http://localhost:${app.port}`;

/** The apps on ports from `basePort` on, in apps.json's order: a second shop on the same machine. */
export const appsFrom = (basePort: number): AppEntry[] => APPS.map((app, index) => ({ ...app, port: basePort + index }));
