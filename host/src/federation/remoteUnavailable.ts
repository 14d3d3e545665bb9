/**
 * What `loadRemote` resolves to, instead of a module, when a remote cannot be loaded.
 * Kept free of imports: the federation runtime plugin uses it before shared modules exist.
 */
export const REMOTE_UNAVAILABLE = '__maisonRemoteUnavailable__';

export interface RemoteUnavailable {
  [REMOTE_UNAVAILABLE]: true;
  id: string;
  error: unknown;
}

export function remoteUnavailable(id: string, error: unknown): RemoteUnavailable {
  return { [REMOTE_UNAVAILABLE]: true, id, error };
}

export function isRemoteUnavailable(value: unknown): value is RemoteUnavailable {
  return typeof value === 'object' && value !== null && REMOTE_UNAVAILABLE in value;
}
