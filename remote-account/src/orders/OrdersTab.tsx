import { formatMoney, LOCALE_OF, selectOrdersNewestFirst, useLanguage, useShopSelector, useTranslator, type Order } from '@maison/shared';
import { accountMessages } from '../messages';
import { badgeToneFor } from './orderStatus';
import styles from '../components/accountTabs.module.css';

function StatusBadge({ status }: { status: string }) {
  const t = useTranslator(accountMessages);
  const label = status === 'Delivered' || status === 'Processing' ? t(`status_${status}`) : status;
  return (
    <span className={`${styles.badge} ${styles[badgeToneFor(status)]}`} data-status={status}>
      {label}
    </span>
  );
}

function OrderCard({ order }: { order: Order }) {
  const t = useTranslator(accountMessages);
  const { language } = useLanguage();
  const date = new Intl.DateTimeFormat(LOCALE_OF[language], { dateStyle: 'long' }).format(new Date(order.date));
  return (
    <li className={styles.card}>
      <div className={styles.cardHeader}>
        <h3 className={styles.cardTitle}>{t('orderNumber', { id: order.id })}</h3>
        <StatusBadge status={order.status} />
      </div>
      <dl className={styles.details}>
        <div>
          <dt>{t('orderDate')}</dt>
          <dd>
            <time dateTime={order.date}>{date}</time>
          </dd>
        </div>
        <div>
          <dt>{t('orderTotal')}</dt>
          <dd>{formatMoney(order.total, language)}</dd>
        </div>
      </dl>
      <h4 className={styles.itemsTitle}>{t('orderItems')}</h4>
      <ul className={styles.items}>
        {order.items.map((item, index) => (
          <li key={index}>
            <span>{t('itemLine', { name: item.name[language], quantity: item.quantity })}</span>
            <span>{formatMoney(item.unitPrice * item.quantity, language)}</span>
          </li>
        ))}
      </ul>
    </li>
  );
}

export function OrdersTab() {
  const t = useTranslator(accountMessages);
  const orders = useShopSelector(selectOrdersNewestFirst);
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title" className={styles.sectionTitle}>
        {t('orderHistory')}
      </h2>
      {orders.length === 0 ? (
        <p>{t('noOrders')}</p>
      ) : (
        <ul className={styles.cards}>
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </section>
  );
}
