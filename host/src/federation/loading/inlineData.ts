import { REMOTES_JSON_PATH } from '../../contract/remotesJson';

/** The JSON block in which a rendered page carries remotes.json and its manifests (renderer/pageDocument.ts). */
// Why: docs/decisions/federation-runtime.md#inline-federation-data
export const FEDERATION_DATA_ID = 'maison-federation-data';

export interface InlineFederationData {
  remotesJson: unknown;
  manifests: Record<string, unknown>;
}

export function readInlineData(doc: Document): InlineFederationData | undefined {
  const text = doc.getElementById(FEDERATION_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as InlineFederationData;
  } catch {
    return undefined;
  }
}

/** `fetchImpl`, answering remotes.json and the inline manifests from `data` (a Retry's fresh URLs go to the network). */
export function withInlineData(data: InlineFederationData | undefined, fetchImpl: typeof fetch): typeof fetch {
  if (!data) return fetchImpl;
  const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === REMOTES_JSON_PATH) return Promise.resolve(json(data.remotesJson));
    if (Object.hasOwn(data.manifests, url)) return Promise.resolve(json(data.manifests[url]));
    return fetchImpl(input, init);
  };
}
