import { Link } from 'react-router-dom';
import { formatMoney, hrefs, useLanguage, useTranslator, useWishlist } from '@maison/shared';
import { accountMessages } from '../messages';
import styles from '../components/accountTabs.module.css';

export function WishlistTab() {
  const t = useTranslator(accountMessages);
  const { language } = useLanguage();
  const { items, remove } = useWishlist();

  return (
    <section aria-labelledby="wishlist-title">
      <h2 id="wishlist-title" className={styles.sectionTitle}>
        {t('savedItems')}
      </h2>
      {items.length === 0 ? (
        <div className={styles.empty}>
          <p>{t('wishlistEmpty')}</p>
          <Link to={hrefs.products()} className={styles.primaryButton}>
            {t('browseProducts')}
          </Link>
        </div>
      ) : (
        <ul className={styles.wishlist}>
          {items.map((item) => {
            const price = formatMoney(item.price, language);
            return (
              <li key={item.slug} className={styles.wishlistItem}>
                <img src={item.image || undefined} alt={item.imageAlt[language]} width={96} height={96} loading="lazy" />
                <div>
                  <h3 className={styles.cardTitle}>
                    <Link to={hrefs.product(item.slug)}>{item.name[language]}</Link>
                  </h3>
                  <p className={styles.price}>{item.hasPriceRange ? t('fromPrice', { price }) : price}</p>
                </div>
                <button
                  type="button"
                  className={styles.textButton}
                  aria-label={t('removeFromWishlist', { name: item.name[language] })}
                  onClick={() => remove(item.slug)}
                >
                  {t('remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
