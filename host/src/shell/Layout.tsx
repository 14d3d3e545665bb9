import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { useTranslator } from '@maison/shared';
import { HELD_NOTE_ID } from '../boot/earlyInput';
import { hostMessages } from '../messages';
import { Header } from './Header';
import { Footer } from './Footer';
import { PageTransition } from './PageTransition';
import styles from './Layout.module.css';

export function Layout({ children }: { children?: ReactNode }) {
  const t = useTranslator(hostMessages);
  return (
    <div className={styles.layout}>
      <Header />
      <main id="main" tabIndex={-1} className={styles.main}>
        {children ?? <Outlet />}
      </main>
      {/* Taken over in a pass of its own, after the header and the page (a Suspense boundary is
          hydrated on its own, and at once when it is used): nothing on screen waits for it. */}
      <Suspense>
        <Footer />
      </Suspense>
      <PageTransition />
      {/* What a button holding a tap until the page is alive is described by (boot/earlyInput.ts). */}
      <span id={HELD_NOTE_ID} hidden>
        {t('tapHeld')}
      </span>
    </div>
  );
}
