import type { LoadableModuleId } from '../moduleIds';
import type { FederationManifest } from '../../contract/manifest';
import { entryUrlOf } from '../../contract/remotesJson';
import { isCrossOrigin } from '../runtime/shopRuntimePlugin';

/** A module's files per its manifest: the remote entry, then its own JS and CSS (relative to the manifest). */
export function exposeAssetUrls(manifestUrl: string, manifest: FederationManifest, id: LoadableModuleId): string[] {
  const exposeName = id.slice(id.indexOf('/') + 1);
  const expose = manifest.exposes.find((candidate) => candidate.name === exposeName);
  if (!expose) return [];
  const files = [...(expose.assets?.js?.sync ?? []), ...(expose.assets?.css?.sync ?? [])];
  return [entryUrlOf(manifestUrl), ...files.map((file) => new URL(file, manifestUrl).href)];
}

const prefetched = new Set<string>();

/** A low-priority download into the HTTP cache; nothing runs until the module is really loaded. */
export function prefetchFiles(urls: string[], doc: Document = document): void {
  for (const url of urls) {
    if (prefetched.has(url)) continue;
    prefetched.add(url);
    // A remote entry another module brought in.
    if ([...doc.scripts].some((script) => script.src === url)) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.as = url.endsWith('.css') ? 'style' : 'script';
    // In the mode the module's load will ask for it (webpack's crossOriginLoading), so the cache serves it.
    if (isCrossOrigin(url, doc.baseURI)) link.crossOrigin = 'anonymous';
    link.href = url;
    doc.head.append(link);
  }
}
