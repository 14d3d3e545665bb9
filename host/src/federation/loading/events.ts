import type { RemoteName } from '@maison/shared';
import type { RemoteLocations } from './remotesJson';
import type { LoadFailure } from './loadFailure';

/**
 * What the loader reports as it works. The status record listens to these (status.ts); so can
 * anything else that wants to know how loading went, without the loader knowing about it.
 */
export type FederationEvent =
  | { type: 'configured'; locations: RemoteLocations; problems: string[] }
  | { type: 'loading'; remote: RemoteName; url: string }
  | { type: 'loaded'; remote: RemoteName; url: string; buildVersion: string | undefined; fallback: boolean }
  | { type: 'failed'; remote: RemoteName; failure: LoadFailure }
  | { type: 'idle-prefetch' };

export type FederationListener = (event: FederationEvent) => void;

export interface FederationEvents {
  emit(event: FederationEvent): void;
  listen(listener: FederationListener): () => void;
}

export function createFederationEvents(): FederationEvents {
  const listeners = new Set<FederationListener>();
  return {
    emit(event) {
      for (const listener of [...listeners]) listener(event);
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
