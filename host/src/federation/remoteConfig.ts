import type { RemoteName } from '@maison/shared';

/**
 * remotes.json: where each remote's federation manifest lives, read at run time so a team
 * redeploys its remote without a host build. An entry is one manifest URL or a list of them,
 * first choice first; the others are the fallbacks (last known good builds):
 *
 *   { "cart": ["https://cdn.example.com/cart/1.4.2/mf-manifest.json",
 *              "https://cdn.example.com/cart/1.4.1/mf-manifest.json"] }
 *
 * Anything wrong is reported in the console with the remote's name and the bad value.
 * Defaults (the local dev servers) exist only in development builds.
 */
export const REMOTE_CONFIG_PATH = '/remotes.json';

/** Manifest URLs per remote, in the order to try them. */
export type RemoteLocations = Partial<Record<RemoteName, string[]>>;

export interface RemoteConfigRules {
  names: readonly RemoteName[];
  /** Development only (`npm start`): each remote's dev server manifest. Empty in production. */
  defaults: Partial<Record<RemoteName, string>>;
  /** The page's URL: root-relative entries ("/cart/mf-manifest.json") resolve against it. */
  base: string;
}

export interface RemoteConfig {
  locations: RemoteLocations;
  problems: string[];
}

/** The absolute manifest URL, or why the value is not one. */
export function toManifestUrl(value: unknown, base: string): { url: string } | { problem: string } {
  if (typeof value !== 'string' || value.trim() === '') return { problem: 'is not a URL' };
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return { problem: 'is not a URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: 'is not an http(s) URL' };
  if (!url.pathname.endsWith('.json')) return { problem: 'is not a federation manifest (…/mf-manifest.json)' };
  return { url: url.href };
}

const show = (value: unknown) => (typeof value === 'string' ? `"${value}"` : (JSON.stringify(value) ?? String(value)));

/** The origins remote code comes from: with the page's own, the only ones that may serve images. */
export function remoteOrigins(locations: RemoteLocations): string[] {
  return [...new Set(Object.values(locations).flatMap((urls) => urls.map((url) => new URL(url).origin)))];
}

export function parseRemoteConfig(raw: unknown, rules: RemoteConfigRules): RemoteConfig {
  const problems: string[] = [];
  const locations: RemoteLocations = {};
  const config = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : undefined;
  if (!config) problems.push(`${REMOTE_CONFIG_PATH} must be a JSON object of remote names, got ${show(raw)}`);

  for (const name of Object.keys(config ?? {})) {
    if (!(rules.names as readonly string[]).includes(name))
      problems.push(`${REMOTE_CONFIG_PATH}: unknown remote "${name}" (known: ${rules.names.join(', ')})`);
  }
  for (const name of rules.names) {
    const value = config?.[name];
    const entries = Array.isArray(value) ? value : value === undefined ? [] : [value];
    const urls: string[] = [];
    for (const entry of entries) {
      const parsed = toManifestUrl(entry, rules.base);
      if ('url' in parsed) urls.push(parsed.url);
      else problems.push(`${REMOTE_CONFIG_PATH}: "${name}" entry ${show(entry)} ${parsed.problem}`);
    }
    const fallback = rules.defaults[name];
    if (urls.length > 0) locations[name] = urls;
    else if (fallback) locations[name] = [fallback];
    else if (config) problems.push(`${REMOTE_CONFIG_PATH}: "${name}" has no usable manifest URL; its pages show "temporarily unavailable"`);
  }
  return { locations, problems };
}

/** Fetches and checks remotes.json; never throws. Problems go to the console, loudly. */
export async function fetchRemoteConfig(rules: RemoteConfigRules, fetchImpl: typeof fetch = fetch): Promise<RemoteConfig> {
  let raw: unknown;
  try {
    // Default cache mode: the page's <link rel=preload> answers it; the server says no-cache.
    const response = await fetchImpl(REMOTE_CONFIG_PATH);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    raw = await response.json();
  } catch (error) {
    raw = undefined;
    const config = parseRemoteConfig({}, rules);
    const problem = `${REMOTE_CONFIG_PATH} could not be loaded (${String(error)}); ${
      Object.keys(config.locations).length > 0 ? 'using the development servers' : 'no remote can be loaded'
    }`;
    console.error(`[federation] ${problem}`);
    return { locations: config.locations, problems: [problem] };
  }
  const config = parseRemoteConfig(raw, rules);
  for (const problem of config.problems) console.error(`[federation] ${problem}`);
  return config;
}
