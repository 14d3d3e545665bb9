import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './ListToolbar.module.css';

/** A toolbar button that discloses a small panel; Escape or a click outside closes it. */
export function FilterPopover({ label, active, children }: { label: string; active: boolean; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const buttonId = useId();
  const containerRef = useRef<HTMLDivElement>(null);

  const close = useCallback(() => {
    setOpen(false);
    document.getElementById(buttonId)?.focus();
  }, [buttonId]);

  // While open: a click outside closes it, Escape closes it and returns focus to the button.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, close]);

  return (
    <div className={styles.popover} ref={containerRef}>
      <button
        id={buttonId}
        type="button"
        className={`${styles.filterButton} ${active ? styles.filterActive : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <span aria-hidden="true" className={styles.chevron}>
          ▾
        </span>
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {open && children(close)}
      </div>
    </div>
  );
}
