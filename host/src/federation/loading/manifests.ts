import { errorMessage } from '../../errorMessage.ts';
import { LoadFailure } from './loadFailure.ts';
import { joinedEntryUrl, readManifestFields, type FederationManifest } from '../../contract/manifest.ts';
import { entryUrlOf } from '../../contract/remotesJson.ts';

// Manifests as the host reads them: fetched once per URL, checked, then handed to the runtime.
// Why: docs/decisions/federation-runtime.md#manifest-checks

const SHARED_CONTRACT = '@maison/shared';

const majorMinor = (version: string) => /^(\d+)\.(\d+)\./.exec(version)?.slice(1, 3).map(Number) as [number, number] | undefined;

/** Why a remote built against `required` cannot run on a page providing `provided`; undefined when it can. */
// Why: docs/decisions/federation-runtime.md#shared-contract
export function sharedContractProblem(required: string, provided: string): string | undefined {
  const need = majorMinor(required);
  const have = majorMinor(provided);
  if (!need || !have) return `unreadable ${SHARED_CONTRACT} versions (built against "${required}", page provides "${provided}")`;
  const sameLine = need[0] === have[0] && (need[0] > 0 || need[1] === have[1]);
  if (sameLine && need[1] <= have[1]) return undefined;
  return `built against ${SHARED_CONTRACT} ${required}, this page provides ${provided}`;
}

// Every line that shows one names the remote first (the console's, render.json's, npm run remotes').
const refused = (url: string, reason: string) => new LoadFailure('refused', `${url} was refused: ${reason}`, url);

/** The manifest as the shop accepts it (with `remote`: that remote's), or a 'refused' LoadFailure. */
export function parseManifest(url: string, manifest: unknown, remote?: string): FederationManifest {
  const read = readManifestFields(manifest);
  if ('problem' in read) throw refused(url, read.problem);
  const { metaData } = read.manifest;
  if (remote !== undefined && metaData.name !== remote)
    throw refused(url, `it is the manifest of "${String(metaData.name)}", not of "${remote}"`);
  const { name, path } = metaData.remoteEntry ?? {};
  const entry = name !== undefined ? joinedEntryUrl(url, { name, path }) : undefined;
  if (entry !== entryUrlOf(url))
    throw refused(url, `its entry must be ${entryUrlOf(url)}, beside the manifest (it names ${entry ?? 'none'})`);
  return read.manifest;
}

/** Checks a parsed manifest (parseManifest) and the shared contract it was built against; returns its summary or throws a 'refused' LoadFailure. */
export function checkManifest(url: string, manifest: unknown, providedContract: string, expectedName?: string) {
  const { metaData, shared } = parseManifest(url, manifest, expectedName);
  const sharedContract = shared.find((entry) => entry.name === SHARED_CONTRACT)?.version;
  if (sharedContract) {
    const problem = sharedContractProblem(sharedContract, providedContract);
    if (problem) throw refused(url, problem);
  }
  return { url, buildVersion: metaData.buildInfo?.buildVersion ?? 'unknown', sharedContract };
}

export type ManifestReader = ReturnType<typeof createManifestReader>;

/** `remoteOf(url)` names the remote whose entry a manifest URL is, when known: its manifest must be that remote's. */
export function createManifestReader(providedContract: string, fetchImpl: typeof fetch, remoteOf: (url: string) => string | undefined) {
  const texts = new Map<string, Promise<string>>();
  const failures = new Map<string, LoadFailure>();

  const read = (url: string) => {
    let text = texts.get(url);
    if (!text) {
      text = (async () => {
        const response = await fetchImpl(url).catch((error: unknown) => {
          throw new LoadFailure('unreachable', `${url} is unreachable (${errorMessage(error)})`, url);
        });
        if (!response.ok) throw new LoadFailure('http-error', `${url} answered HTTP ${response.status}`, url);
        const body = await response.text();
        let manifest: unknown;
        try {
          manifest = JSON.parse(body);
        } catch {
          throw refused(url, 'not JSON');
        }
        checkManifest(url, manifest, providedContract, remoteOf(url));
        return body;
      })();
      // A failure is not cached (the next attempt, Retry, goes back to the network), only its reason.
      text.then(
        () => failures.delete(url),
        (error: unknown) => {
          texts.delete(url);
          failures.set(url, error instanceof LoadFailure ? error : new LoadFailure('unreachable', errorMessage(error), url));
        },
      );
      texts.set(url, text);
    }
    return text;
  };

  return {
    /** The manifest as a fresh Response for the runtime; rejects when missing, broken or refused. */
    response: async (url: string) => new Response(await read(url), { headers: { 'content-type': 'application/json' } }),
    json: async (url: string) => JSON.parse(await read(url)) as FederationManifest,
    /** Why the last read of this URL failed (unreachable, HTTP status, refused), if it did. */
    failure: (url: string) => failures.get(url),
    /** Drops what was read from these URLs, so the next read goes back to the network. */
    forget(urls: readonly string[]) {
      for (const url of urls) texts.delete(url);
    },
  };
}
