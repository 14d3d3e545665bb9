import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { prefersReducedMotion } from './usePrefersReducedMotion';
import { scrollToTopAndSettle } from './scrollToTop';
import styles from './PageTransition.module.css';

export const PAGE_TRANSITION_MS = 600;

/**
 * On every path change (not on query changes such as a sort): a veil over the page for
 * PAGE_TRANSITION_MS and a smooth scroll to the top. The veil never blocks clicks; reduced
 * motion skips it.
 */
export function PageTransition() {
  const { pathname } = useLocation();
  const [visibleFor, setVisibleFor] = useState<string | null>(null);
  // A new path raises the veil, decided while rendering (no extra render from an effect).
  const [lastPath, setLastPath] = useState(pathname);
  if (pathname !== lastPath) {
    setLastPath(pathname);
    setVisibleFor(prefersReducedMotion() ? null : pathname);
  }

  useEffect(() => {
    if (visibleFor === null) return;
    const timer = setTimeout(() => setVisibleFor(null), PAGE_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [visibleFor]);

  const scrolledFor = useRef(pathname);
  useEffect(() => {
    if (pathname === scrolledFor.current) return;
    scrolledFor.current = pathname;
    return scrollToTopAndSettle(!prefersReducedMotion());
  }, [pathname]);

  if (visibleFor === null) return null;
  // The duration lives here only; the stylesheet animates for as long as this says.
  return (
    <div
      key={visibleFor}
      className={styles.overlay}
      style={{ animationDuration: `${PAGE_TRANSITION_MS}ms` }}
      aria-hidden="true"
      data-testid="page-transition"
    />
  );
}
