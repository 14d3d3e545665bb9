import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { Header } from './Header';
import { Footer } from './Footer';
import { PageTransition } from './PageTransition';
import styles from './Layout.module.css';

export function Layout({ children }: { children?: ReactNode }) {
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
    </div>
  );
}
