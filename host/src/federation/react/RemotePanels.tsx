import { useId } from 'react';
import { useTranslator } from '@maison/shared';
import { hostMessages } from '../../messages';
import { errorMessage } from '../../errorMessage';
import styles from './RemoteArea.module.css';

export function UnavailablePanel({ onRetry, compact }: { onRetry: () => void; compact: boolean }) {
  const t = useTranslator(hostMessages);
  const headingId = useId();
  return (
    <section className={compact ? styles.panelCompact : styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {t('sectionUnavailable')}
      </h2>
      <p className={styles.text}>{t('sectionUnavailableHelp')}</p>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('retry')}
      </button>
    </section>
  );
}

export function ErrorPanel({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const t = useTranslator(hostMessages);
  const headingId = useId();
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h1 id={headingId} className={styles.title}>
        {t('unexpectedError')}
      </h1>
      <p className={styles.text}>{t('unexpectedErrorHelp')}</p>
      <pre className={styles.errorText}>{errorMessage(error)}</pre>
      {onRetry && (
        <button type="button" className={styles.retry} onClick={onRetry}>
          {t('retry')}
        </button>
      )}
    </section>
  );
}
