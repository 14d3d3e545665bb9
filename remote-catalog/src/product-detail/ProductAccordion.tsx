import { useId, useState } from 'react';
import { useLanguage, useTranslator } from '@maison/shared';
import { catalogMessages } from '../messages';
import type { ProductGroup } from '../catalog/products';
import styles from './ProductDetail.module.css';

const SECTIONS = ['description', 'care', 'design'] as const;
type Section = (typeof SECTIONS)[number];

/** One section open at a time; DESCRIPTION starts open; clicking the open one closes it. */
export function ProductAccordion({ product }: { product: ProductGroup }) {
  const t = useTranslator(catalogMessages);
  const { language } = useLanguage();
  const [open, setOpen] = useState<Section | null>('description');
  const id = useId();

  return (
    <div className={styles.accordion}>
      {SECTIONS.map((section) => {
        const expanded = open === section;
        return (
          <div key={section} className={styles.accordionItem}>
            <h2 className={styles.accordionHeading}>
              <button
                type="button"
                id={`${id}-${section}-button`}
                className={styles.accordionButton}
                aria-expanded={expanded}
                aria-controls={`${id}-${section}-panel`}
                onClick={() => setOpen(expanded ? null : section)}
              >
                {t(section)}
                <span aria-hidden="true">{expanded ? '−' : '+'}</span>
              </button>
            </h2>
            <div
              id={`${id}-${section}-panel`}
              role="region"
              aria-labelledby={`${id}-${section}-button`}
              hidden={!expanded}
              className={styles.accordionPanel}
            >
              <p>{product[section][language]}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
