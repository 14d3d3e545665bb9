/** remotes.json: where each remote's build lives, one manifest URL or a list of them (fallbacks after the first). */
// Why: docs/decisions/contract.md#remotesjson
import * as v from 'valibot';
import type { RemoteName } from '@maison/shared';
import { JSON_OBJECT, shown } from './readJson.ts';

export const REMOTES_JSON_PATH = '/remotes.json';
/** A remote's build is a folder with its manifest and, beside it, its entry script. */
export const MANIFEST_FILE = 'mf-manifest.json';
export const ENTRY_FILE = 'remoteEntry.js';

/** Absolute manifest URLs per remote, in the order to try them. */
export type RemoteLocations = Partial<Record<RemoteName, string[]>>;

/** A key older files have: pages report to the shop's own origin now (beacon.ts), so it is read and ignored. */
const RETIRED_REPORT_URL_KEY = 'reportUrl';

export interface RemotesJsonRules {
  /** The remotes the host knows (apps.json). */
  names: readonly RemoteName[];
  /** The page's URL: root-relative entries ("/cart/mf-manifest.json") resolve against it. */
  base: string;
  /** Development builds only (`npm start`): each remote's dev-server manifest, for a remote the file leaves out. */
  defaults?: Partial<Record<RemoteName, string>>;
}

/** Why a URL may not bring the shop remote code, or undefined: https, or http on this machine (development, the tests). */
export function transportProblem(url: URL): string | undefined {
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return undefined;
  return url.protocol === 'http:' ? 'is not https (http only for localhost, 127.0.0.0/8 and [::1])' : 'is not an http(s) URL';
}

/** The absolute manifest URL an entry (absolute or relative to `base`) names, or why it names none. */
export function manifestUrlOf(value: unknown, base: string): { url: string } | { problem: string } {
  let url: URL;
  try {
    if (typeof value !== 'string' || value.trim() === '') throw new TypeError('empty');
    url = new URL(value, base);
  } catch {
    return { problem: 'is not a URL' };
  }
  const problem = originProblem(url) ?? transportProblem(url);
  if (problem) return { problem };
  if (!url.pathname.endsWith(`/${MANIFEST_FILE}`)) return { problem: `is not a federation manifest (…/${MANIFEST_FILE})` };
  return { url: url.href };
}

/** A host name of letters, digits, hyphens and dots (each label at most 63, the whole at most 253), or an IP address. */
const DNS_LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV6 = /^\[[0-9a-f:.]{2,45}\]$/;

/** Why a URL's origin may not be named in a Content-Security-Policy, or undefined when it may. */
export function originProblem(url: URL): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'is not an http(s) URL';
  if (url.username || url.password) return 'has credentials in it';
  if (url.port === '0') return 'has port 0';
  const host = url.hostname;
  const isName = host.length <= 253 && host.split('.').every((label) => DNS_LABEL.test(label));
  if (!isName && !IPV6.test(host)) return `has a host the policy cannot name ("${host}"): only letters, digits, hyphens and dots`;
  return undefined;
}

/** The entry script of the build whose manifest is at `manifestUrl` (manifests.ts refuses a manifest that says otherwise). */
export function entryUrlOf(manifestUrl: string): string {
  return new URL(ENTRY_FILE, manifestUrl).href;
}

/** The entries of one remote as written: one URL or a list. */
export function entriesOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : value === undefined ? [] : [value];
}

/** remotes.json by `rules`: the locations, and what is wrong with the file (each problem names the remote and the bad value). */
export function parseRemotesJson(raw: unknown, rules: RemotesJsonRules) {
  const problems: string[] = [];
  const locations: RemoteLocations = {};
  const config = v.is(JSON_OBJECT, raw) ? raw : undefined;
  if (!config) problems.push(`${REMOTES_JSON_PATH} must be a JSON object of remote names, got ${shown(raw)}`);

  for (const name of Object.keys(config ?? {})) {
    if (name !== RETIRED_REPORT_URL_KEY && !(rules.names as readonly string[]).includes(name))
      problems.push(`${REMOTES_JSON_PATH}: unknown remote "${name}" (known: ${rules.names.join(', ')})`);
  }
  for (const name of rules.names) {
    const urls: string[] = [];
    for (const entry of entriesOf(config?.[name])) {
      const parsed = manifestUrlOf(entry, rules.base);
      if ('url' in parsed) urls.push(parsed.url);
      else problems.push(`${REMOTES_JSON_PATH}: "${name}" entry ${shown(entry)} ${parsed.problem}`);
    }
    const fallback = rules.defaults?.[name];
    if (urls.length > 0) locations[name] = urls;
    else if (fallback) locations[name] = [fallback];
    else if (config) problems.push(`${REMOTES_JSON_PATH}: "${name}" has no usable manifest URL; its pages show "temporarily unavailable"`);
  }
  return { locations, problems };
}

export type RemotesJson = ReturnType<typeof parseRemotesJson>;

/** The origins remote code comes from, besides `pageOrigin`: what the policy allows and images may come from. */
export function remoteOrigins(locations: RemoteLocations, pageOrigin?: string): string[] {
  const origins = Object.values(locations).flatMap((urls) => (urls ?? []).map((url) => new URL(url).origin));
  return [...new Set(origins)].filter((origin) => origin !== pageOrigin).sort();
}

/** Each remote's first choice: the build a page uses when nothing fails. */
export function firstChoices(locations: RemoteLocations): Partial<Record<RemoteName, string>> {
  return Object.fromEntries(Object.entries(locations).flatMap(([name, urls]) => (urls?.[0] ? [[name, urls[0]]] : [])));
}

/** Fetches and parses the page's remotes.json; never throws. Problems go to the console, loudly. */
export async function fetchRemotesJson(rules: RemotesJsonRules, fetchImpl: typeof fetch): Promise<RemotesJson> {
  let raw: unknown;
  try {
    // Default cache mode: the page's <link rel=preload> answers it; the server says no-cache.
    const response = await fetchImpl(REMOTES_JSON_PATH);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    raw = await response.json();
  } catch (error) {
    const { locations } = parseRemotesJson({}, rules);
    const fallback = Object.keys(locations).length > 0 ? 'using the development servers' : 'no remote can be loaded';
    const problem = `${REMOTES_JSON_PATH} could not be loaded (${String(error)}); ${fallback}`;
    console.error(`[federation] ${problem}`);
    return { locations, problems: [problem] };
  }
  const parsed = parseRemotesJson(raw, rules);
  for (const problem of parsed.problems) console.error(`[federation] ${problem}`);
  if (v.is(JSON_OBJECT, raw) && RETIRED_REPORT_URL_KEY in raw)
    console.warn(`[federation] ${REMOTES_JSON_PATH}: "${RETIRED_REPORT_URL_KEY}" is ignored: pages report to the shop's own origin`);
  return parsed;
}
