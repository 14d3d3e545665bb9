import { Link } from 'react-router-dom';
import { hrefs, shownAsked, usePageHead, useTranslator } from '@maison/shared';
import { catalogMessages } from '../messages';
import styles from './ProductDetail.module.css';

/** This sentence is Vietnamese in every language, as the original shop had it. */
export const PRODUCT_NOT_FOUND_SENTENCE = 'Không tìm thấy sản phẩm bạn đang tìm.';

export function ProductNotFound({ slug }: { slug: string }) {
  const t = useTranslator(catalogMessages);
  usePageHead({ title: t('productNotFound'), notFound: true });
  return (
    <div className={styles.notFound}>
      <h1 className={styles.title}>{t('productNotFound')}</h1>
      <p lang="vi">{PRODUCT_NOT_FOUND_SENTENCE}</p>
      <p>
        <code className={styles.slug}>{shownAsked(slug)}</code>
      </p>
      <Link to={hrefs.products()} className={styles.secondaryButton}>
        {t('backToProducts')}
      </Link>
    </div>
  );
}
