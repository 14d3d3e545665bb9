import { Link } from 'react-router-dom';
import { hrefs, useLanguage, usePageHead, useTranslator } from '@maison/shared';
import { hostMessages } from '../messages';
import { LoadingPlaceholder, RemoteArea } from '../federation/react/RemoteArea';
import heroSilk from '../images/hero-silk.svg';
import heroScarf from '../images/hero-scarf.svg';
import { COLLECTION_IMAGES } from '../images/collection';
import styles from './HomePage.module.css';

export function HomePage() {
  const t = useTranslator(hostMessages);
  usePageHead({ description: t('descriptionHome') });
  const { language } = useLanguage();
  return (
    <>
      <h1 className="mk-visually-hidden">{t('brand')}</h1>
      <section className={styles.hero}>
        <img src={heroSilk} alt={t('heroAltSilk')} width={720} height={900} fetchPriority="high" />
        <img src={heroScarf} alt={t('heroAltScarf')} width={720} height={900} />
      </section>

      <section className={styles.strip} aria-label={t('collectionStrip')}>
        {/* Two copies make the loop seamless; the second is hidden from assistive technology. */}
        <div className={styles.stripTrack}>
          {[0, 1].map((copy) => (
            <ul key={copy} className={styles.stripList} aria-hidden={copy === 1 ? true : undefined}>
              {COLLECTION_IMAGES.map((image) => (
                <li key={image.src}>
                  <img src={image.src} alt={copy === 0 ? image.alt[language] : ''} width={240} height={240} loading="lazy" />
                </li>
              ))}
            </ul>
          ))}
        </div>
      </section>

      <section className={styles.pinner} aria-labelledby="pinner-title">
        <h2 id="pinner-title" className={styles.pinnerTitle}>
          {t('pinnerTitle')}
        </h2>
        <p className={styles.pinnerText}>{t('pinnerText')}</p>
      </section>

      <section className={styles.season} aria-labelledby="new-this-season">
        <h2 id="new-this-season" className={styles.sectionTitle}>
          {t('newThisSeason')}
        </h2>
        <RemoteArea id="catalog/NewThisSeason" compact placeholder={<LoadingPlaceholder cards={2} />} />
        <p className={styles.viewAll}>
          <Link to={hrefs.products()} className={styles.viewAllLink}>
            {t('viewAllProducts')}
          </Link>
        </p>
      </section>
    </>
  );
}
