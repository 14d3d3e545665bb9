import type { RemoteName } from '@maison/shared';
import type { LoadableModuleId } from '../moduleIds';
import type { LoadFailure, LoadFailureReason } from '../loading/loadFailure';
import type { RemotesJson } from '../../contract/remotesJson';

type Attempt = { remote: RemoteName; module: LoadableModuleId; url: string };

/** What the loader reports, `at` on the page's clock. */
export type FederationEvent =
  | ({ type: 'configured' } & RemotesJson)
  | ({ type: 'loading' } & Attempt)
  | (Attempt & {
      type: 'loaded';
      /** Its index in the remote's entries: above 0, a fallback. */
      entry: number;
      buildVersion: string | undefined;
      /** When its load from this entry started, and when it ended. */
      startedAt: number;
      at: number;
      /** The remote's entry, then the module's own JS and CSS. */
      files: string[];
    })
  | { type: 'failed'; remote: RemoteName; module: LoadableModuleId; failure: LoadFailure }
  /** Retry: the remote's next load starts again from its first entry. */
  | { type: 'forgotten'; remote: RemoteName };

/** One remote as this page (or the renderer) has it: the one record of which build it runs. */
export interface RemoteRecord {
  /** Manifest URLs from remotes.json, first choice first. */
  configured: string[];
  /** Which of them is in use, or is to be tried first (an index into `configured`). */
  entry: number;
  state: 'not loaded' | 'loading' | 'loaded' | 'failed';
  /** The manifest in use (or last tried). */
  url: string | null;
  /** Its build, as its manifest says (`metaData.buildInfo.buildVersion`). */
  buildVersion: string | null;
  fallback: boolean;
  failures: Array<{ url: string | null; reason: LoadFailureReason; error: string }>;
}

export type RemoteRecords = ReturnType<typeof createRemoteRecords>;

export function createRemoteRecords(names: readonly RemoteName[]) {
  const remotes: Partial<Record<RemoteName, RemoteRecord>> = {};
  let configProblems: readonly string[] = [];
  const listeners = new Set<(event: FederationEvent) => void>();
  const record = (name: RemoteName): RemoteRecord =>
    (remotes[name] ??= { configured: [], entry: 0, state: 'not loaded', url: null, buildVersion: null, fallback: false, failures: [] });
  for (const name of names) record(name);

  return {
    remotes: remotes as Readonly<typeof remotes>,
    get configProblems() {
      return configProblems;
    },
    /** The manifest a remote's modules come from now, null while none has loaded. */
    loadedFrom: (name: RemoteName) => (remotes[name]?.state === 'loaded' ? remotes[name].url : null),
    emit(event: FederationEvent) {
      switch (event.type) {
        case 'configured':
          configProblems = event.problems;
          for (const name of names) record(name).configured = event.locations[name] ?? [];
          break;
        case 'loading':
          Object.assign(record(event.remote), { state: 'loading', url: event.url });
          break;
        case 'loaded': {
          const { entry, url, buildVersion } = event;
          Object.assign(record(event.remote), { state: 'loaded', entry, url, buildVersion: buildVersion ?? null, fallback: entry > 0 });
          break;
        }
        case 'failed': {
          const remote = record(event.remote);
          const { url = null, reason, message } = event.failure;
          remote.state = 'failed';
          remote.failures.push({ url, reason, error: message });
          break;
        }
        case 'forgotten':
          record(event.remote).entry = 0;
          break;
      }
      for (const listener of [...listeners]) listener(event);
    },
    listen(listener: (event: FederationEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
