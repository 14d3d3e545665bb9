import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { useTranslator } from '@maison/shared';
import { hostMessages } from '../messages';
import { NAV_LINKS } from './navLinks';
import { CloseIcon } from './Icons';
import styles from './SideMenu.module.css';

/** The small-screen navigation drawer: a modal dialog, so focus stays inside until it closes. */
export function SideMenu({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslator(hostMessages);
  const dialogRef = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    // A click on the backdrop closes it; the keyboard way is Escape (the dialog's cancel) and the close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      id="mk-side-menu"
      className={styles.drawer}
      aria-label={t('mainNavigation')}
      onClose={onClose}
      onClick={(event) => event.target === dialogRef.current && onClose()}
    >
      <div className={styles.panel}>
        <button type="button" className={styles.close} onClick={onClose} aria-label={t('closeMenu')}>
          <CloseIcon />
        </button>
        <nav aria-label={t('mainNavigation')}>
          <ul className={styles.list}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={styles.link} onClick={onClose}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </dialog>
  );
}
