import { useId, useState, type FormEvent } from 'react';
import { useStoredValue, useTranslator } from '@maison/shared';
import { accountMessages } from '../messages';
import { PROFILE_FIELDS, SAMPLE_PROFILE, storedProfile, type Profile } from './profileData';
import styles from '../components/accountTabs.module.css';

const AUTOCOMPLETE: Record<keyof Profile, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
  address: 'street-address',
  city: 'address-level2',
  postalCode: 'postal-code',
};

/** View mode: fields disabled, 'Edit Profile'. Edit mode: fields enabled, 'Save Changes', which saves. */
export function ProfileTab() {
  const t = useTranslator(accountMessages);
  const id = useId();
  const [storedValue, saveProfile] = useStoredValue(storedProfile);
  // What the shopper is typing; until then, what is stored (from the render after a rendered page is taken over).
  const [draft, setDraft] = useState<Profile>();
  const profile = draft ?? storedValue ?? SAMPLE_PROFILE;
  const setProfile = (change: (current: Profile) => Profile) => setDraft(change(profile));
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!editing) {
      setEditing(true);
      setSaved(false);
      return;
    }
    saveProfile(profile);
    setEditing(false);
    setSaved(true);
  };

  return (
    <form onSubmit={submit} className={styles.form} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {t('profileDetails')}
      </h2>
      <div className={styles.grid}>
        {PROFILE_FIELDS.map((field) => (
          <div key={field} className={`${styles.field} ${field === 'address' ? styles.wide : ''}`}>
            <label htmlFor={`${id}-${field}`} className={styles.label}>
              {t(field)}
            </label>
            <input
              id={`${id}-${field}`}
              className={styles.input}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
              autoComplete={AUTOCOMPLETE[field]}
              disabled={!editing}
              value={profile[field]}
              onChange={(event) => setProfile((current) => ({ ...current, [field]: event.target.value }))}
            />
          </div>
        ))}
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.primaryButton}>
          {editing ? t('saveChanges') : t('editProfile')}
        </button>
        <p role="status" className={styles.success}>
          {saved ? t('profileSaved') : ''}
        </p>
      </div>
    </form>
  );
}
