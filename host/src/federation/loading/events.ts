import type { RemoteName } from '@maison/shared';
import type { LoadableModuleId } from '../moduleIds';
import type { RemotesJson } from './remotesJson';
import type { LoadFailure } from './loadFailure';

/**
 * What the loader reports as it works, with `at` on the page's clock (performance.now()). The
 * on-call status and the reports listen to these (../status/); the loader knows nothing of them.
 */
export type FederationEvent =
  | ({ type: 'configured' } & RemotesJson)
  | { type: 'loading'; remote: RemoteName; module: LoadableModuleId; url: string; at: number }
  | {
      type: 'loaded';
      remote: RemoteName;
      module: LoadableModuleId;
      url: string;
      buildVersion: string | undefined;
      fallback: boolean;
      at: number;
      /** The files the module needed: the remote's entry, then the module's own JS and CSS. */
      files: string[];
    }
  | { type: 'failed'; remote: RemoteName; module: LoadableModuleId; failure: LoadFailure }
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
