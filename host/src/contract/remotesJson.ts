/** remotes.json: where each remote's build lives, one manifest URL or a list of them (fallbacks after the first). */
// Why: docs/decisions/contract.md#remotesjson
import * as v from 'valibot';
import type { RemoteName } from '@maison/shared';
import { JSON_OBJECT, shown } from './readJson.ts';

export const REMOTES_JSON_PATH = '/remotes.json';
/** A remote's build is a folder with its manifest and, beside it, its entry script. */
export const MANIFEST_FILE = 'mf-manifest.json';
export const ENTRY_FILE = 'remoteEntry.js';

/** A key older files have: pages report to the shop's own origin now (beacon.ts); a file that still has it is told to drop it. */
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

/**
 * remotes.json as the shop reads it by `rules`: an object of the host's remotes, each with one
 * manifest URL or a list of them, read as absolute URLs (manifestUrlOf), first choice first.
 */
export function remotesJsonSchema({ names, base }: Pick<RemotesJsonRules, 'names' | 'base'>) {
  const remote = v.picklist(names, (issue) =>
    issue.input === RETIRED_REPORT_URL_KEY
      ? `"${RETIRED_REPORT_URL_KEY}" is retired: pages report to the shop's own origin now; delete the key`
      : `unknown remote ${shown(issue.input)} (known: ${names.join(', ')})`,
  );
  const manifestUrl = v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const read = manifestUrlOf(dataset.value, base);
      if ('url' in read) return read.url;
      addIssue({ message: read.problem });
      return NEVER;
    }),
  );
  const entries = v.pipe(v.unknown(), v.transform(entriesOf), v.array(manifestUrl));
  return v.pipe(
    v.custom<object>((value) => v.is(JSON_OBJECT, value), 'must be a JSON object of remote names'),
    v.record(remote, entries),
  );
}

/** Absolute manifest URLs per remote, in the order to try them. */
export type RemoteLocations = v.InferOutput<ReturnType<typeof remotesJsonSchema>>;

/** What the page, the renderer and the servers go by: the usable locations, and every problem of the file. */
export interface RemotesJson {
  locations: RemoteLocations;
  problems: string[];
}

type Issue = v.BaseIssue<unknown>;
const remoteOf = (issue: Issue) => issue.path?.[0]?.key as string | undefined;
const entryOf = (issue: Issue) => issue.path?.[1]?.key;

/** An issue as a problem line: the file, then the remote and the entry when it is about one. */
function problemOf(issue: Issue): string {
  const remote = remoteOf(issue);
  if (remote === undefined) return `${REMOTES_JSON_PATH} ${issue.message}, got ${shown(issue.input)}`;
  if (entryOf(issue) === undefined) return `${REMOTES_JSON_PATH}: ${issue.message}`;
  return `${REMOTES_JSON_PATH}: "${remote}" entry ${shown(issue.input)} ${issue.message}`;
}

/**
 * remotes.json by `rules`: the locations, and what is wrong with the file (each problem names the
 * remote and the bad value). A bad entry costs only itself: the rest of the file is still used.
 */
export function parseRemotesJson(raw: unknown, rules: RemotesJsonRules): RemotesJson {
  const schema = remotesJsonSchema(rules);
  const read = v.safeParse(schema, raw);
  const issues = read.issues ?? [];
  const known = (issue: Issue) => (rules.names as readonly (string | undefined)[]).includes(remoteOf(issue));
  // The file's own problems first (not an object, a key that is no remote's, once each), then each remote's.
  const problems = issues.filter((issue) => !known(issue) && entryOf(issue) === undefined).map(problemOf);
  const isObject = v.is(JSON_OBJECT, raw);
  // The usable part is the file without its refused entries, which the schema then passes.
  const usable = isObject
    ? Object.fromEntries(
        rules.names.map((name) => [
          name,
          entriesOf(raw[name]).filter((_, index) => !issues.some((issue) => remoteOf(issue) === name && entryOf(issue) === index)),
        ]),
      )
    : {};
  const kept = read.success ? read.output : v.parse(schema, usable);
  const locations: RemoteLocations = {};
  for (const name of rules.names) {
    problems.push(...issues.filter((issue) => remoteOf(issue) === name).map(problemOf));
    const urls = kept[name] ?? [];
    const fallback = rules.defaults?.[name];
    if (urls.length > 0) locations[name] = urls;
    else if (fallback) locations[name] = [fallback];
    else if (isObject)
      problems.push(`${REMOTES_JSON_PATH}: "${name}" has no usable manifest URL; its pages show "temporarily unavailable"`);
  }
  return { locations, problems };
}

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
  return parsed;
}
