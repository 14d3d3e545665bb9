import type { LoadableModuleId } from '../moduleIds';
import type { FederationManifest } from '../../contract/manifest';
import { entryUrlOf } from '../../contract/remotesJson';
import { fileElement } from '../runtime/shopRuntimePlugin';

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
export function prefetchFiles(urls: string[]): void {
  for (const url of urls) {
    if (prefetched.has(url)) continue;
    prefetched.add(url);
    // A remote entry another module brought in.
    if ([...document.scripts].some((script) => script.src === url)) continue;
    // In the mode the module's load will ask for it, so the cache serves it.
    document.head.append(fileElement('link', url, { rel: 'prefetch', as: url.endsWith('.css') ? 'style' : 'script' }));
  }
}
