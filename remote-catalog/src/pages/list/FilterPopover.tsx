import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import styles from './ListToolbar.module.css';

/** A toolbar button that discloses a small panel; Escape or a click outside closes it. */
export function FilterPopover({ label, active, children }: { label: string; active: boolean; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div
      className={styles.popover}
      ref={containerRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          close();
        }
      }}
    >
      <button
        ref={buttonRef}
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
