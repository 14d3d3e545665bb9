import type { RemoteName } from '@maison/shared';
import { errorMessage } from '../errorMessage';

/**
 * What is live in this page, for on-call: `window.__MAISON_FEDERATION__` in the console
 * (`__MAISON_FEDERATION__.print()` for a table), or the page opened with `?federation-status`.
 * Shoppers never see it.
 */
export type RemoteState = 'not loaded' | 'loading' | 'loaded' | 'failed';

export interface RemoteStatus {
  /** Manifest URLs from remotes.json, first choice first. */
  configured: string[];
  state: RemoteState;
  /** The manifest in use (or last tried). */
  url: string | null;
  buildVersion: string | null;
  /** True when a fallback entry is in use because an earlier one failed. */
  fallback: boolean;
  failures: Array<{ url: string; error: string }>;
}

export interface FederationStatus {
  host: { buildVersion: string; sharedContract: string };
  configProblems: string[];
  remotes: Partial<Record<RemoteName, RemoteStatus>>;
  /** When the idle prefetch of other pages began (ms since the page started), if it has. */
  idlePrefetchAt: number | null;
  print(): void;
}

export function createFederationStatus(host: FederationStatus['host']) {
  const status: FederationStatus = {
    host,
    configProblems: [],
    remotes: {},
    idlePrefetchAt: null,
    print() {
      console.table(
        Object.fromEntries(
          Object.entries(status.remotes).map(([name, remote]) => [
            name,
            {
              state: remote.state,
              url: remote.url,
              build: remote.buildVersion,
              fallback: remote.fallback,
              failures: remote.failures.length,
            },
          ]),
        ),
      );
    },
  };

  const remote = (name: RemoteName): RemoteStatus =>
    (status.remotes[name] ??= { configured: [], state: 'not loaded', url: null, buildVersion: null, fallback: false, failures: [] });

  return {
    status,
    configured(problems: string[], locations: Partial<Record<RemoteName, string[]>>, names: readonly RemoteName[]) {
      status.configProblems = problems;
      for (const name of names) remote(name).configured = locations[name] ?? [];
    },
    loading(name: RemoteName, url: string) {
      Object.assign(remote(name), { state: 'loading', url });
    },
    loaded(name: RemoteName, url: string, buildVersion: string | undefined, fallback: boolean) {
      Object.assign(remote(name), { state: 'loaded', url, buildVersion: buildVersion ?? null, fallback });
    },
    idlePrefetchStarted() {
      status.idlePrefetchAt = Math.round(performance.now());
    },
    failed(name: RemoteName, url: string | null, error: unknown) {
      const entry = remote(name);
      entry.state = 'failed';
      if (url) entry.failures.push({ url, error: errorMessage(error) });
    },
  };
}

export type FederationStatusRecorder = ReturnType<typeof createFederationStatus>;
