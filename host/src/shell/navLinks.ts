import { hrefs } from '@maison/shared';
import type { HostMessageKey } from '../messages';

/** The main navigation, shown in the header and, on small screens, the side menu. */
export const NAV_LINKS = [
  { to: hrefs.home(), label: 'navHome', end: true },
  { to: hrefs.products(), label: 'navProducts', end: false },
  { to: hrefs.contact(), label: 'navContact', end: false },
  { to: hrefs.about(), label: 'navAbout', end: false },
] as const satisfies ReadonlyArray<{ to: string; label: HostMessageKey; end?: boolean }>;
