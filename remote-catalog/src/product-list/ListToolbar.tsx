import { useId, useState, type FormEvent } from 'react';
import {
  isValidPriceText,
  orderedPriceRange,
  parsePrice,
  SORT_OPTIONS,
  useTranslator,
  type Availability,
  type ListQuery,
  type SortOption,
} from '@maison/shared';
import { catalogMessages } from '../messages';
import { FilterPopover } from './FilterPopover';
import styles from './ListToolbar.module.css';

interface ListToolbarProps {
  query: ListQuery;
  update: (change: Partial<ListQuery>) => void;
  counts: Record<Availability, number>;
  resultCount: number;
}

function PriceForm({ query, update, close }: { query: ListQuery; update: ListToolbarProps['update']; close: () => void }) {
  const t = useTranslator(catalogMessages);
  const id = useId();
  const [min, setMin] = useState(query.minPrice?.toString() ?? '');
  const [max, setMax] = useState(query.maxPrice?.toString() ?? '');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bad = ![min, max].every(isValidPriceText);
    setInvalid(bad);
    if (bad) return;
    const [low, high] = orderedPriceRange(parsePrice(min), parsePrice(max));
    update({ minPrice: low, maxPrice: high });
    close();
  };

  return (
    <form onSubmit={submit} className={styles.priceForm} noValidate>
      <label htmlFor={`${id}-min`}>{t('minPrice')}</label>
      <input
        id={`${id}-min`}
        className={styles.priceInput}
        inputMode="numeric"
        value={min}
        onChange={(e) => setMin(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
      />
      <label htmlFor={`${id}-max`}>{t('maxPrice')}</label>
      <input
        id={`${id}-max`}
        className={styles.priceInput}
        inputMode="numeric"
        value={max}
        onChange={(e) => setMax(e.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
      />
      {invalid && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {t('priceRangeInvalid')}
        </p>
      )}
      <button type="submit" className={styles.applyButton}>
        {t('applyPrice')}
      </button>
    </form>
  );
}

export function ListToolbar({ query, update, counts, resultCount }: ListToolbarProps) {
  const t = useTranslator(catalogMessages);
  const sortId = useId();
  const toggleAvailability = (value: Availability) =>
    update({
      availability: query.availability.includes(value) ? query.availability.filter((v) => v !== value) : [...query.availability, value],
    });

  return (
    <div className={styles.toolbar}>
      <div className={styles.filters}>
        <FilterPopover label={t('availability')} active={query.availability.length > 0}>
          {() => (
            <fieldset className={styles.fieldset}>
              <legend className="mk-visually-hidden">{t('availability')}</legend>
              {(['in', 'out'] as const).map((value) => (
                <label key={value} className={styles.checkbox}>
                  <input type="checkbox" checked={query.availability.includes(value)} onChange={() => toggleAvailability(value)} />
                  {t(value === 'in' ? 'inStock' : 'outOfStock', { count: counts[value] })}
                </label>
              ))}
            </fieldset>
          )}
        </FilterPopover>
        <FilterPopover label={t('price')} active={query.minPrice !== undefined || query.maxPrice !== undefined}>
          {(close) => <PriceForm query={query} update={update} close={close} />}
        </FilterPopover>
      </div>
      <p className={styles.count} aria-live="polite">
        {t('itemCount', { count: resultCount })}
      </p>
      <div className={styles.controls}>
        <label htmlFor={sortId} className={styles.sortLabel}>
          {t('sortBy')}
        </label>
        <select
          id={sortId}
          className={styles.select}
          value={query.sort}
          onChange={(event) => update({ sort: event.target.value as SortOption })}
        >
          {SORT_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {t(`sort_${option}`)}
            </option>
          ))}
        </select>
        <div className={styles.viewToggle} role="group" aria-label={t('view')}>
          {(['grid', 'list'] as const).map((view) => (
            <button
              key={view}
              type="button"
              className={styles.viewButton}
              aria-pressed={query.view === view}
              aria-label={t(view === 'grid' ? 'gridView' : 'listView')}
              onClick={() => update({ view })}
            >
              <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true" focusable="false">
                {view === 'grid' ? (
                  <path d="M1 1h7v7H1zM10 1h7v7h-7zM1 10h7v7H1zM10 10h7v7h-7z" fill="currentColor" />
                ) : (
                  <path d="M1 2h16v3H1zM1 7.5h16v3H1zM1 13h16v3H1z" fill="currentColor" />
                )}
              </svg>
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
