import { usePageHead, useTranslator } from '@maison/shared';
import { hostMessages } from '../messages';
import styles from './TextPage.module.css';

export function AboutPage() {
  const t = useTranslator(hostMessages);
  usePageHead({ title: t('aboutTitle'), description: t('descriptionAbout') });
  return (
    <article className={styles.page}>
      <h1 className={styles.title}>{t('aboutTitle')}</h1>
      <p className={styles.lead}>{t('aboutLead')}</p>
      <p>{t('aboutBody1')}</p>
      <p>{t('aboutBody2')}</p>
    </article>
  );
}
