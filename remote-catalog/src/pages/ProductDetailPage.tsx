import { Suspense, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { formatMoney, hrefs, useCart, useHydrated, useLanguage, usePageHead, useTranslator, useWishlist } from '@maison/shared';
import { catalogMessages } from '../messages';
import { findProductBySlug, relatedProducts, toCartItem, toWishlistItem, type ProductGroup } from '../catalog/products';
import { ProductCard } from '../components/ProductCard';
import { Gallery } from '../product-detail/Gallery';
import { StylePicker } from '../product-detail/StylePicker';
import { ProductAccordion } from '../product-detail/ProductAccordion';
import { ProductNotFound } from '../product-detail/ProductNotFound';
import { productStructuredData, summary } from '../product-detail/productHead';
import styles from '../product-detail/ProductDetail.module.css';

export function ProductDetailPage() {
  const { slug = '' } = useParams();
  const product = findProductBySlug(slug);
  if (!product) return <ProductNotFound slug={slug} />;
  // A new product starts with its own default variant.
  return <ProductDetail key={product.slug} product={product} />;
}

function ProductDetail({ product }: { product: ProductGroup }) {
  const t = useTranslator(catalogMessages);
  const { language } = useLanguage();
  const { addItem } = useCart();
  const wishlist = useWishlist();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The wishlist is the shopper's, known in the browser only: a rendered page shows the button
  // without its state (no heart, not pressed) until it is alive.
  const hydrated = useHydrated();
  const inWishlist = hydrated && wishlist.isSaved(product.slug);

  // `?variant=` comes from the legacy /product/{id} links; otherwise the cheapest is selected.
  const requested = product.variants.find((variant) => variant.id === params.get('variant'));
  const [selectedId, setSelectedId] = useState((requested ?? product.variants[0]!).id);
  const selected = product.variants.find((variant) => variant.id === selectedId) ?? product.variants[0]!;

  usePageHead({
    title: product.name[language],
    description: summary(product.description[language]),
    image: product.primaryImage,
    structuredData: productStructuredData(product, language),
  });

  const addToCart = () => addItem(toCartItem(product, selected));
  const buyNow = () => {
    addItem(toCartItem(product, selected));
    navigate(hrefs.checkout());
  };
  const toggleWishlist = () => wishlist.toggle(toWishlistItem(product));

  // The buy box is taken over first, the moment the page's code runs; the gallery, the accordion and
  // the related products each in a pass of their own after it (a Suspense boundary is hydrated on
  // its own, and at once when it is tapped), so a tap on ADD TO CART waits for none of them.
  return (
    <div className={styles.page}>
      <div className={styles.layout}>
        <Suspense>
          <Gallery product={product} selected={selected} onSelect={setSelectedId} />
        </Suspense>
        <div className={styles.info}>
          <h1 className={styles.title}>{product.name[language]}</h1>
          <p className={styles.price} data-testid="product-price">
            {formatMoney(selected.price, language)}
          </p>
          <StylePicker variants={product.variants} selectedId={selected.id} onSelect={setSelectedId} />
          <dl className={styles.attributes}>
            <div>
              <dt>{t('size')}</dt>
              <dd>{selected.size}</dd>
            </div>
            <div>
              <dt>{t('color')}</dt>
              <dd>{selected.color[language]}</dd>
            </div>
            <div>
              <dt>{t('material')}</dt>
              <dd>{selected.material[language]}</dd>
            </div>
          </dl>
          <div className={styles.actions}>
            <button type="button" className={styles.primaryButton} onClick={addToCart} disabled={!selected.inStock}>
              {selected.inStock ? t('addToCart') : t('soldOut')}
            </button>
            <button type="button" className={styles.darkButton} onClick={buyNow} disabled={!selected.inStock}>
              {t('buyItNow')}
            </button>
            <button
              type="button"
              className={styles.secondaryButton}
              aria-pressed={hydrated ? inWishlist : undefined}
              onClick={toggleWishlist}
            >
              <span aria-hidden="true" className={styles.heart}>
                {hydrated && (inWishlist ? '♥' : '♡')}
              </span>
              {t('addToWishlist')}
            </button>
            {/* Its line is kept when empty, so the note appearing moves nothing below it. */}
            <div className={styles.wishlistStatus}>{inWishlist && <p className={styles.wishlistNote}>{t('savedToWishlist')}</p>}</div>
          </div>
          <Suspense>
            <ProductAccordion product={product} />
          </Suspense>
        </div>
      </div>
      <Suspense>
        <section className={styles.related} aria-labelledby="you-may-also-like">
          <h2 id="you-may-also-like" className={styles.relatedTitle}>
            {t('youMayAlsoLike')}
          </h2>
          <ul className={styles.relatedGrid}>
            {relatedProducts(product.slug).map((other) => (
              <li key={other.slug}>
                <ProductCard product={other} headingLevel="h3" />
              </li>
            ))}
          </ul>
        </section>
      </Suspense>
    </div>
  );
}
