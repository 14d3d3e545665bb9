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
  /** schema.org data about what the page shows (a Product), as JSON-LD, in the page's language. */
  structuredData?: Record<string, unknown>;
  /** A page that says something is not here (404): kept out of search results, with no canonical address. */
  notFound?: boolean;
}

export interface PageHead extends Omit<PageHeadInput, 'title'> {
  /** The document title as shown. */
  title: string;
}

/**
 * Hears the head of each page (ShopProviders' `onPageHead`): the renderer writes it into the
 * page's HTML; in the browser the host writes it into the document's head after each navigation.
 */
export const PageHeadRecorder = createContext<((head: PageHead) => void) | null>(null);

/**
 * The page's head, in the shopper's language. Every route sets at least its title, host and
 * remotes alike, so nothing lingers from the page before: title, description, canonical and
 * alternate addresses, Open Graph, robots and structured data all follow each navigation.
 */
export function usePageHead({ title, description, image, structuredData, notFound }: PageHeadInput): void {
  const t = useTranslator(titleMessages);
  const documentTitle = title ? t('page', { title }) : t('home');
  const listener = useContext(PageHeadRecorder);
  const head: PageHead = { title: documentTitle, description, image, structuredData, notFound };
  // On the server there are no effects: the renderer hears the head while it renders.
  if (typeof document === 'undefined') listener?.(head);
  const data = JSON.stringify(head);
  useEffect(() => {
    const current = JSON.parse(data) as PageHead;
    if (listener) listener(current);
    else document.title = current.title;
  }, [data, listener]);
}

/** A page that says only its title. */
export function usePageTitle(title?: string): void {
  usePageHead({ title });
}
