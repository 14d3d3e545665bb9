import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import {
  addressForChoice,
  homeOfBarePrefix,
  languageOfPath,
  routerBasename,
  type Language,
  type PageHead,
  type RenderedPageState,
  type ShopStore,
} from '@maison/shared';
import type { RemoteModuleStore } from './federation/react/remoteModuleStore';
import { applyPageHead } from './head/applyPageHead';
import { createShopRouter } from './router';
import { Shop } from './Shop';

/** The language of the page's address; a bare prefix (`/vi`) becomes the home page's address (`/vi/`). */
function addressLanguage(): Language {
  const { pathname, search, hash } = window.location;
  const home = homeOfBarePrefix(pathname);
  if (home) window.history.replaceState(window.history.state, '', `${home}${search}${hash}`);
  return languageOfPath(pathname).language;
}

/**
 * The shop in the browser, at the page's address: the address says the language (English at the
 * root, Vietnamese under /vi/), and the router works within that language's addresses (its
 * basename), so every link on a Vietnamese page stays Vietnamese. Choosing the other language
 * moves to the same page's other address, without a reload: the cart (the store) and the scroll
 * position stay. Back and Forward across the two languages follow.
 */
export function ShopAtAddress({
  store,
  modules,
  rendered,
  pageShown,
}: {
  store: ShopStore;
  modules: RemoteModuleStore;
  rendered?: RenderedPageState;
  /** Hears the path of each page shown: every navigation of the router, and each language's router as it starts. */
  pageShown?: (page: string) => void;
}) {
  const [language, setLanguage] = useState<Language>(addressLanguage);
  const router = useMemo(() => createShopRouter(routerBasename(language)), [language]);
  // Where the shopper was on the page left: its scroll position, and the control that had focus.
  const kept = useRef<{ top: number; focusedId: string | undefined } | null>(null);

  useEffect(() => {
    const followAddress = () => setLanguage(addressLanguage());
    window.addEventListener('popstate', followAddress);
    return () => window.removeEventListener('popstate', followAddress);
  }, []);
  // Every page shown goes through the router of its language: a move in the language menu starts a new one at its page.
  useEffect(() => {
    if (!pageShown) return undefined;
    const shown = () => pageShown(window.location.pathname);
    shown();
    return router.subscribe(shown);
  }, [router, pageShown]);
  // The router of the language left stops listening to the history.
  const previousRouter = useRef(router);
  useEffect(() => {
    if (previousRouter.current !== router) previousRouter.current.dispose();
    previousRouter.current = router;
  }, [router]);

  const chooseLanguage = useCallback(
    (next: Language) => {
      // The router's location is the whole address: the same page's address in the other language.
      const address = addressForChoice(router.state.location, next);
      if (next === language || !address) return;
      kept.current = { top: window.scrollY, focusedId: document.activeElement?.id || undefined };
      window.history.pushState(null, '', address);
      setLanguage(next);
    },
    [language, router],
  );
  // The other language's page is on screen: back where the shopper was, focus on the same control.
  useLayoutEffect(() => {
    if (!kept.current) return;
    const { top, focusedId } = kept.current;
    kept.current = null;
    if (focusedId) document.getElementById(focusedId)?.focus({ preventScroll: true });
    window.scrollTo({ top, behavior: 'instant' });
    requestAnimationFrame(() => window.scrollTo({ top, behavior: 'instant' }));
  }, [router]);

  const onPageHead = useCallback(
    (head: PageHead) =>
      applyPageHead(document, head, {
        language,
        path: languageOfPath(router.state.location.pathname).path,
        origin: window.location.origin,
      }),
    [language, router],
  );
  const address = useMemo(() => ({ language, chooseLanguage }), [language, chooseLanguage]);
  return (
    <Shop
      store={store}
      modules={modules}
      // A RouterProvider keeps the state of the router it started with: each language's router gets its own.
      router={<RouterProvider key={language} router={router} />}
      rendered={rendered}
      address={address}
      onPageHead={onPageHead}
    />
  );
}
