import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslator } from '@maison/shared';
import { hostMessages } from '../messages';
import { LoadingPlaceholder, RemoteArea } from '../federation/react/RemoteArea';
import { CloseIcon, SearchIcon } from './Icons';
import styles from './SearchPanel.module.css';

/**
 * The search dialog. The host owns the input; the catalogue remote renders the results,
 * so its code is only fetched once a shopper opens search.
 */
export function SearchPanel({ onClose }: { onClose: () => void }) {
  const t = useTranslator(hostMessages);
  const [query, setQuery] = useState('');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    const opener = document.activeElement as HTMLElement | null;
    dialog?.showModal();
    inputRef.current?.focus();
    return () => opener?.focus?.();
  }, []);

  // Escape closes the panel at once: a search field's own Escape would only clear the text.
  // From the input, ArrowDown moves into the results (links); the results handle their own arrows.
  const onInputKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'ArrowDown') return;
    const first = document.getElementById(listboxId)?.querySelector<HTMLElement>('a');
    if (first) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // A click on the backdrop closes it; the keyboard way is Escape (the dialog's cancel) and the close button.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-label={t('searchProducts')}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => event.target === dialogRef.current && onClose()}
    >
      <div className={styles.panel}>
        <div className={styles.bar}>
          <SearchIcon />
          <label className="mk-visually-hidden" htmlFor={`${listboxId}-input`}>
            {t('searchProducts')}
          </label>
          <input
            ref={inputRef}
            id={`${listboxId}-input`}
            className={styles.input}
            type="search"
            autoComplete="off"
            placeholder={t('searchPlaceholder')}
            value={query}
            aria-controls={listboxId}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onInputKeyDown}
          />
          <button type="button" className={styles.close} onClick={onClose} aria-label={t('closeSearch')}>
            <CloseIcon />
          </button>
        </div>
        <div className={styles.results}>
          <RemoteArea
            id="catalog/SearchResults"
            compact
            placeholder={<LoadingPlaceholder compact />}
            props={{ query, onNavigate: onClose, listboxId }}
          />
        </div>
      </div>
    </dialog>
  );
}
