import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { hrefs, shownAsked, usePageHead, useTranslator } from '@maison/shared';
import { hostMessages } from '../messages';
import styles from './TextPage.module.css';

export function NotFoundPage() {
  const t = useTranslator(hostMessages);
  usePageHead({ title: t('notFoundTitle'), notFound: true });
  const { pathname } = useLocation();

  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', pathname);
  }, [pathname]);

  return (
    <article className={`${styles.page} ${styles.centered}`}>
      <p className={styles.title} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('notFoundTitle')}</h1>
      <p>{t('notFoundText', { path: shownAsked(pathname) })}</p>
      <Link to={hrefs.home()} className={styles.button}>
        {t('returnHome')}
      </Link>
    </article>
  );
}
