import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => undefined;

/**
 * False on the server and while the browser takes over a rendered page, true from the render
 * right after. What only the browser knows (local and session storage: the cart, the wishlist,
 * the stored language) goes behind it, so the first render in the browser is the server's
 * markup exactly and the shopper's own state follows at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
