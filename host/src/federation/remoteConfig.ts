import { REMOTES, type RemoteName } from '@maison/shared';

/** Where each remote's federation manifest lives. Fetched at run time, so a remote can move without a host rebuild. */
export type RemoteLocations = Record<RemoteName, string>;

export const REMOTE_CONFIG_PATH = '/remotes.json';

export const DEFAULT_REMOTE_LOCATIONS: RemoteLocations = {
  catalog: `${REMOTES.catalog.defaultOrigin}/mf-manifest.json`,
  cart: `${REMOTES.cart.defaultOrigin}/mf-manifest.json`,
  account: `${REMOTES.account.defaultOrigin}/mf-manifest.json`,
};

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Keeps each valid entry of a fetched config; anything missing or malformed uses its default. */
export function parseRemoteLocations(raw: unknown): RemoteLocations {
  const locations = { ...DEFAULT_REMOTE_LOCATIONS };
  if (typeof raw !== 'object' || raw === null) return locations;
  for (const name of Object.keys(locations) as RemoteName[]) {
    const value = (raw as Record<string, unknown>)[name];
    if (isHttpUrl(value)) locations[name] = value;
  }
  return locations;
}

/** Never throws: an unreachable or broken config falls back to the localhost defaults. */
export async function fetchRemoteLocations(fetchImpl: typeof fetch = fetch): Promise<RemoteLocations> {
  try {
    const response = await fetchImpl(REMOTE_CONFIG_PATH, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseRemoteLocations(await response.json());
  } catch (error) {
    console.warn(`[federation] using default remote locations (${REMOTE_CONFIG_PATH}: ${String(error)})`);
    return { ...DEFAULT_REMOTE_LOCATIONS };
  }
}
