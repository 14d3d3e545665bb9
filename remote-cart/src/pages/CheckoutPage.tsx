import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { hrefs, useCart, usePageTitle, useTranslator } from '@maison/shared';
import { cartMessages } from '../messages';
import { EmptyCart } from '../components/EmptyCart';
import { TextField } from '../checkout/TextField';
import { PaymentFields, type CardDetails } from '../checkout/PaymentFields';
import { OrderSummary } from '../checkout/OrderSummary';
import { EMPTY_CHECKOUT_INFO, REQUIRED_FIELDS, type PaymentMethod, type SavedCheckoutInfo } from '../checkout/checkoutForm';
import { usePlaceOrder } from '../checkout/usePlaceOrder';
import styles from '../checkout/Checkout.module.css';

/** After the order is placed, the thanks stay this long before the shopper is taken home. */
const REDIRECT_AFTER_ORDER_MS = 2000;

export function CheckoutPage() {
  const t = useTranslator(cartMessages);
  const id = useId();
  const navigate = useNavigate();
  const { lines } = useCart();
  const { place, savedInfo } = usePlaceOrder();
  // What the shopper typed and ticked; until then, the saved details (stored: they arrive in the
  // render after a rendered page is taken over).
  const [typed, setTyped] = useState<SavedCheckoutInfo>();
  const [saveChoice, setSaveInfo] = useState<boolean>();
  const info = typed ?? savedInfo ?? EMPTY_CHECKOUT_INFO;
  const saveInfo = saveChoice ?? savedInfo !== undefined;
  const [method, setMethod] = useState<PaymentMethod>('card');
  const [card, setCard] = useState<CardDetails>({ number: '', expiry: '', cvv: '' });
  const [placedOrderId, setPlacedOrderId] = useState<string | null>(null);
  const placing = useRef(false);

  usePageTitle(t('checkoutTitle'));

  useEffect(() => {
    if (!placedOrderId) return;
    const timer = setTimeout(() => navigate(hrefs.home()), REDIRECT_AFTER_ORDER_MS);
    return () => clearTimeout(timer);
  }, [placedOrderId, navigate]);

  if (placedOrderId) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('orderThanksTitle')}</h1>
        <p>{t('orderPlacedDetail', { id: placedOrderId })}</p>
      </div>
    );
  }
  if (lines.length === 0) return <EmptyCart />;

  const field = (name: keyof SavedCheckoutInfo) => ({
    id: `${id}-${name}`,
    value: info[name],
    required: REQUIRED_FIELDS.includes(name),
    onValueChange: (value: string) => setTyped({ ...info, [name]: value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // A double click or a second Enter must not place a second order.
    if (placing.current) return;
    placing.current = true;
    const order = place(info, saveInfo);
    if (order) setPlacedOrderId(order.id);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('checkoutTitle')}</h1>
      <div className={styles.layout}>
        <form className={styles.form} onSubmit={submit} aria-label={t('checkoutTitle')}>
          <fieldset className={styles.section}>
            <legend className={styles.sectionTitle}>{t('contact')}</legend>
            <p className={styles.help}>
              {t('haveAccount')} <Link to={hrefs.profile()}>{t('signIn')}</Link>
            </p>
            <TextField
              {...field('contact')}
              label={t('contactLabel')}
              placeholder={t('contactPlaceholder')}
              autoComplete="email"
              inputMode="email"
            />
          </fieldset>
          <fieldset className={styles.section}>
            <legend className={styles.sectionTitle}>{t('delivery')}</legend>
            <div className={styles.grid}>
              <div className={`${styles.field} ${styles.wide}`}>
                <label htmlFor={`${id}-country`} className={styles.label}>
                  {t('country')}
                </label>
                <select id={`${id}-country`} className={styles.input} autoComplete="country" defaultValue="VN">
                  <option value="VN">{t('vietnam')}</option>
                </select>
              </div>
              <TextField {...field('firstName')} label={t('firstName')} autoComplete="given-name" />
              <TextField {...field('lastName')} label={t('lastName')} autoComplete="family-name" />
              <TextField {...field('address')} label={t('address')} autoComplete="address-line1" className={styles.wide} />
              <TextField {...field('apartment')} label={t('apartment')} autoComplete="address-line2" className={styles.wide} />
              <TextField {...field('postalCode')} label={t('postalCode')} autoComplete="postal-code" inputMode="numeric" />
              <TextField {...field('city')} label={t('city')} autoComplete="address-level2" />
            </div>
            <label className={styles.checkbox}>
              <input type="checkbox" checked={saveInfo} onChange={(event) => setSaveInfo(event.target.checked)} />
              {t('saveInformation')}
            </label>
          </fieldset>
          <PaymentFields method={method} onMethodChange={setMethod} card={card} onCardChange={setCard} />
          <button type="submit" className={styles.submit}>
            {t('completeOrder')}
          </button>
        </form>
        <OrderSummary />
      </div>
    </div>
  );
}
