import type { HostMessageKey } from '../messages';

/** The main navigation, shown in the header and, on small screens, the side menu. */
export const NAV_LINKS = [
  { to: '/', label: 'navHome', end: true },
  { to: '/products', label: 'navProducts', end: false },
  { to: '/contact', label: 'navContact', end: false },
  { to: '/about', label: 'navAbout', end: false },
] as const satisfies ReadonlyArray<{ to: string; label: HostMessageKey; end?: boolean }>;
