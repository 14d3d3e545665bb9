/** The preload hints a page's answer carries: each remote its route needs, its manifest and entry (first choice). */
import type { RemoteName } from '@maison/shared';
import { firstMatching } from '@maison/host/hosting';
import { entryUrlOf, type RemoteLocations, type ServedRoute } from '@maison/host/contract';
import { SHOP_ORIGIN } from './policy.ts';

/** A URL as the shop's page names it: root-relative on the shop's own origin. */
const asServed = (url: string) => (url.startsWith(`${SHOP_ORIGIN}/`) ? url.slice(SHOP_ORIGIN.length) : url);

/** Preload Link values per route: each needed remote's manifest and entry (first choice). */
export function preloadLinks(routes: readonly ServedRoute[], locations: RemoteLocations): Array<{ pattern: string; link: string }> {
  return routes.map(({ pattern, remotes }) => ({
    pattern,
    link: remotes
      .flatMap((remote: RemoteName) => locations[remote]?.slice(0, 1) ?? [])
      .flatMap((manifest) => [
        `<${asServed(manifest)}>; rel=preload; as=fetch; crossorigin`,
        // Another origin's script loads with CORS (webpack's crossOriginLoading): preloaded so, or fetched twice.
        `<${asServed(entryUrlOf(manifest))}>; rel=preload; as=script${asServed(manifest).startsWith('/') ? '' : '; crossorigin'}`,
      ])
      .join(', '),
  }));
}

/** The Link header for a path, from preloadLinks(); undefined when its route needs no remote. */
export function preloadLinkFor(pathname: string, links: ReadonlyArray<{ pattern: string; link: string }>): string | undefined {
  return firstMatching(links, pathname)?.link || undefined;
}
