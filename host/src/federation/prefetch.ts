import type { RemoteModuleId } from '@maison/shared';

/**
 * The files a remote module needs, from its remote's manifest: the remote entry and the
 * module's own JS and CSS (shared libraries come from the page). Relative to the manifest,
 * as the remotes are built with publicPath 'auto'.
 */
export function exposeAssetUrls(manifestUrl: string, manifest: unknown, id: RemoteModuleId): string[] {
  const data = manifest as {
    metaData?: { remoteEntry?: { name?: string; path?: string } };
    exposes?: Array<{ name?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
  };
  const exposeName = id.slice(id.indexOf('/') + 1);
  const expose = data.exposes?.find((candidate) => candidate.name === exposeName);
  const entry = data.metaData?.remoteEntry;
  if (!expose || !entry?.name) return [];
  const files = [
    [entry.path, entry.name].filter(Boolean).join('/'),
    ...(expose.assets?.js?.sync ?? []),
    ...(expose.assets?.css?.sync ?? []),
  ];
  return files.map((file) => new URL(file, manifestUrl).href);
}

const prefetched = new Set<string>();

/** A low-priority download into the HTTP cache; nothing runs until the module is really loaded. */
export function prefetchFiles(urls: string[], doc: Document = document): void {
  for (const url of urls) {
    if (prefetched.has(url)) continue;
    prefetched.add(url);
    // Already in the page (a remote entry another module brought in): nothing to fetch.
    if ([...doc.scripts].some((script) => script.src === url)) continue;
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.as = url.endsWith('.css') ? 'style' : 'script';
    link.href = url;
    doc.head.append(link);
  }
}

/** Runs `task` once the page has loaded and the browser is idle (or after `timeout` ms of waiting for idle). */
export function whenIdleAfterLoad(task: () => void, { timeout = 4000 } = {}): void {
  // Safari has no requestIdleCallback: a second after load stands in for it.
  const idle = () => (typeof requestIdleCallback === 'function' ? requestIdleCallback(task, { timeout }) : setTimeout(task, 1000));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/**
 * Calls `onPath` with the path of a same-origin link the shopper points at or focuses: the
 * moment to start loading that page's code, a few hundred milliseconds before the click.
 */
export function onNavigationIntent(onPath: (pathname: string) => void, doc: Document = document): void {
  const handle = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.('a[href]');
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    onPath(link.pathname);
  };
  doc.addEventListener('pointerover', handle, { passive: true });
  doc.addEventListener('focusin', handle);
}
