import type { RemoteName } from '@maison/shared';
import type { FederationEvents } from './events';
import type { LoadFailureReason } from './loadFailure';

/**
 * What is live in this page, for on-call: `window.__MAISON_FEDERATION__` in the console
 * (`__MAISON_FEDERATION__.print()` prints a table). Recorded from the loader's events only.
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
  failures: Array<{ url: string | null; reason: LoadFailureReason; error: string }>;
}

export interface FederationStatus {
  host: { buildVersion: string; sharedContract: string };
  configProblems: string[];
  remotes: Partial<Record<RemoteName, RemoteStatus>>;
  /** When the idle prefetch of other pages began (ms since the page started), if it has. */
  idlePrefetchAt: number | null;
  print(): void;
}

export function recordFederationStatus(
  events: FederationEvents,
  host: FederationStatus['host'],
  names: readonly RemoteName[],
): FederationStatus {
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
              failures: remote.failures.map(({ reason }) => reason).join(', '),
            },
          ]),
        ),
      );
    },
  };
  const remote = (name: RemoteName): RemoteStatus =>
    (status.remotes[name] ??= { configured: [], state: 'not loaded', url: null, buildVersion: null, fallback: false, failures: [] });

  events.listen((event) => {
    switch (event.type) {
      case 'configured':
        status.configProblems = event.problems;
        for (const name of names) remote(name).configured = event.locations[name] ?? [];
        break;
      case 'loading':
        Object.assign(remote(event.remote), { state: 'loading', url: event.url });
        break;
      case 'loaded':
        Object.assign(remote(event.remote), {
          state: 'loaded',
          url: event.url,
          buildVersion: event.buildVersion ?? null,
          fallback: event.fallback,
        });
        break;
      case 'failed': {
        const entry = remote(event.remote);
        entry.state = 'failed';
        entry.failures.push({ url: event.failure.url ?? null, reason: event.failure.reason, error: event.failure.message });
        break;
      }
      case 'idle-prefetch':
        status.idlePrefetchAt = Math.round(performance.now());
        break;
    }
  });
  return status;
}
