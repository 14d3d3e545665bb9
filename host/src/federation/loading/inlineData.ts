import { REMOTES_JSON_PATH } from '../../contract/remotesJson';

/** The JSON block in which a rendered page carries remotes.json and its manifests (renderer/pageDocument.ts). */
// Why: docs/decisions/federation-runtime.md#inline-federation-data
export const FEDERATION_DATA_ID = 'maison-federation-data';

export type InlineFederationData = { remotesJson: unknown; manifests: Record<string, unknown> };

/** `fetchImpl`, answering remotes.json and the inline manifests from the page's JSON block if any (a Retry's fresh URLs go to the network). */
export function withInlineData(doc: Document, fetchImpl: typeof fetch): typeof fetch {
  let data: InlineFederationData | null;
  try {
    data = JSON.parse(doc.getElementById(FEDERATION_DATA_ID)?.textContent || 'null') as InlineFederationData | null;
  } catch {
    return fetchImpl;
  }
  if (!data) return fetchImpl;
  const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url === REMOTES_JSON_PATH) return Promise.resolve(json(data.remotesJson));
    if (Object.hasOwn(data.manifests, url)) return Promise.resolve(json(data.manifests[url]));
    return fetchImpl(input, init);
  };
}
