import { createContext, useContext, useEffect } from 'react';
import { defineMessages } from './messages';
import { useTranslator } from './LanguageProvider';

const titleMessages = defineMessages(
  { home: 'Maison Khăn — Handkerchiefs & Scarves', page: '{title} — Maison Khăn' },
  { home: 'Maison Khăn — Khăn tay & khăn lụa', page: '{title} — Maison Khăn' },
);

/** What a page says about itself to the browser's tab, search engines and link previews. */
export interface PageHeadInput {
  /** The page's own title; the shop's name is added ("{title} — Maison Khăn"), or stands alone (home). */
  title?: string;
  /** One or two sentences, in the page's language. */
  description?: string;
  /** An absolute image URL for link previews. */
  image?: string;
  /** schema.org data about what the page shows (a Product), as JSON-LD. */
  structuredData?: Record<string, unknown>;
}

export interface PageHead extends Omit<PageHeadInput, 'title'> {
  /** The document title as shown. */
  title: string;
}

/** Server only: hears the head of the page being rendered (ShopProviders, `rendered.recordHead`). */
export const PageHeadRecorder = createContext<((head: PageHead) => void) | null>(null);

/**
 * The page's head, in the shopper's language. Every route sets at least its title, host and
 * remotes alike, so a title never lingers from the page before. On the server the renderer
 * writes all of it into the page's <head>; in the browser the title and description follow
 * each navigation.
 */
export function usePageHead({ title, description, image, structuredData }: PageHeadInput): void {
  const t = useTranslator(titleMessages);
  const documentTitle = title ? t('page', { title }) : t('home');
  useContext(PageHeadRecorder)?.({ title: documentTitle, description, image, structuredData });
  useEffect(() => {
    document.title = documentTitle;
    if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [documentTitle, description]);
}

/** A page that says only its title. */
export function usePageTitle(title?: string): void {
  usePageHead({ title });
}
