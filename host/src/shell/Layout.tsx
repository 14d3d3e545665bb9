import type { ReactNode } from 'react';
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
      <Footer />
      <PageTransition />
    </div>
  );
}
