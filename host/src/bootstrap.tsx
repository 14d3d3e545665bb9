import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import {
  createShopStore,
  imageOriginsConfigured,
  initialShopState,
  languageOfPath,
  LANGUAGES,
  type Language,
  type RemoteName,
} from '@maison/shared';
import type { RemoteModuleStore } from './federation/react/remoteModuleStore';
import { remoteOf } from './federation/moduleIds';
import { remoteModulesFor } from './routes';
import { RENDERED_ATTRIBUTE, renderStampOf } from './renderStamp';
import { ShopAtAddress } from './ShopAtAddress';
import { beforeTakingOver } from './shell/introGate';

export interface StartOptions {
  /** Once remotes.json is read: the origins besides the page's own that may serve images. */
  remoteOrigins?: Promise<string[]>;
  /** Settles when the remote modules of the page being opened have loaded (or failed). */
  thisPage?: Promise<unknown>;
  /** The manifest each remote was loaded from, to compare with the builds a page was rendered from. */
  loadedFrom?: (remote: RemoteName) => string | null | undefined;
  /** Hears each page shown, by its path (the page load's beacons say it). */
  pageShown?: (page: string) => void;
}

/**
 * Renders the shop. How remote modules arrive is the caller's choice (`modules`): through
 * federation in the real shop, through plain `import()` in the single-bundle benchmark build.
 *
 * A rendered page is taken over (hydrated) once the remote modules its route shows are in, so
 * the browser's first render is the server's markup: same language, no loading placeholder.
 * Should one of them fail to load now, or come from another build than the page was rendered
 * from (a fallback, a deploy in between), the page is rendered afresh instead, never hydrated
 * against a different tree.
 */
export async function startShop(
  modules: RemoteModuleStore,
  { remoteOrigins = Promise.resolve([]), thisPage = Promise.resolve(), loadedFrom = () => undefined, pageShown }: StartOptions = {},
): Promise<void> {
  // The one store of the site: remotes render inside this provider and never make their own.
  const store = createShopStore();
  void remoteOrigins.then((origins) =>
    store.dispatch(imageOriginsConfigured({ origins: [window.location.origin, ...origins], base: window.location.href })),
  );
  const container = document.getElementById('root')!;
  if (container.hasAttribute(RENDERED_ATTRIBUTE)) {
    await thisPage;
    const language = document.documentElement.lang as Language;
    const pageModules = remoteModulesFor(languageOfPath(window.location.pathname).path);
    const stamp = renderStampOf(document);
    const sameBuilds = stamp !== undefined && Object.entries(stamp.remotes).every(([name, url]) => loadedFrom(name as RemoteName) === url);
    const allReady = pageModules.every((id) => modules.get(id).status === 'ready' && stamp?.remotes[remoteOf(id)] !== undefined);
    if (allReady && sameBuilds && (LANGUAGES as readonly string[]).includes(language)) {
      // As a transition, hydration yields to the browser every few milliseconds: it takes longer in
      // all (on a phone at 4× CPU, 450 against 250 ms), but a tap, a scroll and a frame get in
      // between, and the page is usable sooner (npm run bench: 0.75–0.79× against 0.81–0.83× at once).
      beforeTakingOver();
      startTransition(() => {
        hydrateRoot(
          container,
          <ShopAtAddress store={store} modules={modules} rendered={{ language, storeState: initialShopState() }} pageShown={pageShown} />,
          {
            onRecoverableError(error, info) {
              // The page still works (React renders that part afresh), but the markup did not match: a bug.
              console.error('[render] the page did not match its rendered HTML', error, info.componentStack);
            },
          },
        );
      });
      return;
    }
    console.warn('[render] the page was rendered from other builds than this page loaded: it is rendered afresh');
  }
  createRoot(container).render(<ShopAtAddress store={store} modules={modules} pageShown={pageShown} />);
}
