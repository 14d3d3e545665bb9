import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { hrefs, useTranslator } from '@maison/shared';
import { hostMessages } from '../messages';
import { emailProblem } from '../forms/email';
import styles from './Footer.module.css';

function NewsletterForm() {
  const t = useTranslator(hostMessages);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<'emailMissing' | 'emailInvalid' | null>(null);
  const [subscribed, setSubscribed] = useState<string | null>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    if (problem) {
      setError(problem === 'missing' ? 'emailMissing' : 'emailInvalid');
      setSubscribed(null);
      return;
    }
    setSubscribed(email.trim());
    setEmail('');
    setError(null);
  };

  return (
    <form className={styles.newsletter} onSubmit={submit} noValidate>
      <label htmlFor={`${id}-email`} className={styles.newsletterLabel}>
        {t('newsletterLabel')}
      </label>
      <div className={styles.newsletterRow}>
        <input
          id={`${id}-email`}
          className={styles.newsletterInput}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={t('newsletterPlaceholder')}
          value={email}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-feedback`}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button type="submit" className={styles.newsletterButton}>
          {t('newsletterSubmit')}
        </button>
      </div>
      <p id={`${id}-feedback`} className={error ? styles.error : styles.success} role={error ? 'alert' : 'status'}>
        {error ? t(error) : subscribed ? t('newsletterThanks', { email: subscribed }) : ''}
      </p>
    </form>
  );
}

export function Footer() {
  const t = useTranslator(hostMessages);
  return (
    <footer className={styles.footer}>
      <div className={styles.cta}>
        {/* ORDER NOW is the brand's call to action; as in the original it leads nowhere itself. */}
        <p className={styles.orderNow}>{t('orderNow')}</p>
        <Link to={hrefs.products()} className={styles.storeLink}>
          {t('store')} / {t('storeSearch')}
        </Link>
      </div>
      <div className={styles.columns}>
        <section>
          <h2 className={styles.heading}>{t('aboutUs')}</h2>
          <p className={styles.text}>{t('aboutUsText')}</p>
          <Link to={hrefs.about()} className={styles.textLink}>
            {t('navAbout')}
          </Link>
        </section>
        <section>
          <h2 className={styles.heading}>{t('contactHeading')}</h2>
          <address className={styles.text}>
            {t('contactAddress')}
            <br />
            <a className={styles.textLink} href="mailto:hello@maisonkhan.vn">
              hello@maisonkhan.vn
            </a>
          </address>
          <Link to={hrefs.contact()} className={styles.textLink}>
            {t('navContact')}
          </Link>
        </section>
        <section>
          <NewsletterForm />
        </section>
      </div>
      <p className={styles.copyright}>{t('copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
