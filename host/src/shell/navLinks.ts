import type { HostMessageKey } from '../messages';

/** The main navigation, shown in the header and, on small screens, the side menu. */
export const NAV_LINKS: Array<{ to: string; label: HostMessageKey; end?: boolean }> = [
  { to: '/', label: 'navHome', end: true },
  { to: '/products', label: 'navProducts' },
  { to: '/contact', label: 'navContact' },
  { to: '/about', label: 'navAbout' },
];
