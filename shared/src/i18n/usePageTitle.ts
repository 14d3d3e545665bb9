import { useEffect } from 'react';
import { defineMessages } from './messages';
import { useTranslator } from './LanguageProvider';

const titleMessages = defineMessages(
  { home: 'Maison Khăn — Handkerchiefs & Scarves', page: '{title} — Maison Khăn' },
  { home: 'Maison Khăn — Khăn tay & khăn lụa', page: '{title} — Maison Khăn' },
);

/**
 * The document title for the page being shown, in the shopper's language: "{title} — Maison
 * Khăn", or the shop's own name without a title (home). Every route sets it, host and remotes
 * alike, so a title never lingers from the page before.
 */
export function usePageTitle(title?: string): void {
  const t = useTranslator(titleMessages);
  useEffect(() => {
    document.title = title ? t('page', { title }) : t('home');
  }, [t, title]);
}
