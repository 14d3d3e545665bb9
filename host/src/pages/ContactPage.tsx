import { useId, useRef, useState, type FormEvent } from 'react';
import { usePageHead, useTranslator } from '@maison/shared';
import { hostMessages } from '../messages';
import { emailProblem } from '../forms/email';
import styles from './TextPage.module.css';

const EMPTY = { name: '', email: '', phone: '', comment: '' };
export const COMMENT_ROWS = 8;

export function ContactPage() {
  const t = useTranslator(hostMessages);
  usePageHead({ title: t('contactTitle'), description: t('descriptionContact') });
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [emailError, setEmailError] = useState<'emailMissing' | 'emailInvalid' | null>(null);
  const [sentBy, setSentBy] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(values.email);
    if (problem) {
      setEmailError(problem === 'missing' ? 'emailMissing' : 'emailInvalid');
      setSentBy(null);
      emailRef.current?.focus();
      return;
    }
    // The shop sends nothing anywhere: it confirms and clears the form.
    setSentBy(values.name.trim());
    setValues(EMPTY);
    setEmailError(null);
  };

  return (
    <article className={styles.page}>
      <h1 className={styles.title}>{t('contactTitle')}</h1>
      <p className={styles.lead}>{t('contactLead')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-name`}>
            {t('name')}
          </label>
          <input id={`${id}-name`} className={styles.input} name="name" autoComplete="name" value={values.name} onChange={update('name')} />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-email`}>
            {t('email')}
          </label>
          <input
            ref={emailRef}
            id={`${id}-email`}
            className={styles.input}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            value={values.email}
            onChange={update('email')}
          />
          {emailError && (
            <p id={`${id}-email-error`} className={styles.error} role="alert">
              {t(emailError)}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-phone`}>
            {t('phone')}
          </label>
          <input
            id={`${id}-phone`}
            className={styles.input}
            name="phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={values.phone}
            onChange={update('phone')}
          />
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-comment`}>
            {t('comment')}
          </label>
          <textarea
            id={`${id}-comment`}
            className={styles.input}
            name="comment"
            rows={COMMENT_ROWS}
            value={values.comment}
            onChange={update('comment')}
          />
        </div>
        <div>
          <button type="submit" className={styles.button}>
            {t('submit')}
          </button>
        </div>
      </form>
      <div role="status">
        {sentBy !== null && <p className={styles.success}>{sentBy ? t('contactThanks', { name: sentBy }) : t('contactThanksAnonymous')}</p>}
      </div>
    </article>
  );
}
