import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LANGUAGES, useLanguage, useTranslator, type Language } from '@maison/shared';
import { hostMessages } from '../messages';
import { GlobeIcon } from './Icons';
import styles from './LanguageMenu.module.css';

/** ARIA menu button: Enter/Space/ArrowDown open it, arrows move, Escape closes and returns focus. */
export function LanguageMenu() {
  const { language, setLanguage } = useLanguage();
  const t = useTranslator(hostMessages);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const menuId = useId();

  useEffect(() => {
    if (open) itemRefs.current[activeIndex]?.focus();
  }, [open, activeIndex]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', closeOnOutsideClick);
    return () => document.removeEventListener('mousedown', closeOnOutsideClick);
  }, [open]);

  const openMenu = (index = LANGUAGES.indexOf(language)) => {
    setActiveIndex(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  // Focus back on the menu's button first: the page in the other language puts it back there.
  const choose = (next: Language) => {
    close();
    setLanguage(next);
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const last = LANGUAGES.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: activeIndex === last ? 0 : activeIndex + 1,
      ArrowUp: activeIndex === 0 ? last : activeIndex - 1,
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActiveIndex(moves[event.key]!);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className={styles.container} ref={containerRef}>
      <button
        ref={buttonRef}
        id="mk-language-button"
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        // The name holds the visible code too (WCAG 2.5.3, label in name): a speech user says what they see.
        aria-label={t('languageCurrent', { language: t(`language_${language}`), code: language.toUpperCase() })}
        onClick={() => (open ? setOpen(false) : openMenu())}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            openMenu(event.key === 'ArrowDown' ? 0 : LANGUAGES.length - 1);
          }
        }}
      >
        <GlobeIcon />
        <span className={styles.code} aria-hidden="true">
          {language.toUpperCase()}
        </span>
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label={t('language')} className={styles.menu} onKeyDown={onMenuKeyDown}>
          {LANGUAGES.map((code, index) => (
            <li key={code} role="none">
              <button
                ref={(element) => {
                  itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={code === language}
                lang={code}
                tabIndex={index === activeIndex ? 0 : -1}
                className={styles.item}
                onClick={() => choose(code)}
              >
                {t(`language_${code}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
