import { useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PROFILE_TABS as TABS, profileTabOf, usePageTitle, useTranslator } from '@maison/shared';
import { accountMessages } from '../messages';
import { ProfileTab } from '../profile/ProfileTab';
import { OrdersTab } from '../orders/OrdersTab';
import { WishlistTab } from '../wishlist/WishlistTab';
import styles from './ProfilePage.module.css';

type AccountTab = (typeof TABS)[number];
const LABEL = { profile: 'tabProfile', orders: 'tabOrders', wishlist: 'tabWishlist' } as const;

export function ProfilePage() {
  const t = useTranslator(accountMessages);
  const [params, setParams] = useSearchParams();
  // `?tab=` selects a tab (as the servers read it, to render the address): anything unknown shows Profile.
  const active = profileTabOf(params.get('tab'));
  const tabRefs = useRef<Record<AccountTab, HTMLButtonElement | null>>({ profile: null, orders: null, wishlist: null });

  usePageTitle(t('myAccount'));

  const select = (tab: AccountTab, focus = false) => {
    setParams(tab === 'profile' ? {} : { tab }, { replace: true, preventScrollReset: true });
    if (focus) tabRefs.current[tab]?.focus();
  };

  // Automatic activation: arrows, Home and End move and select (WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.indexOf(active);
    const targets: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
    if (!(event.key in targets)) return;
    event.preventDefault();
    select(TABS[(targets[event.key]! + TABS.length) % TABS.length]!, true);
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('myAccount')}</h1>
      <div role="tablist" aria-label={t('accountSections')} className={styles.tablist}>
        {TABS.map((tab) => (
          <button
            key={tab}
            ref={(element) => {
              tabRefs.current[tab] = element;
            }}
            type="button"
            role="tab"
            id={`account-tab-${tab}`}
            aria-selected={tab === active}
            aria-controls={`account-panel-${tab}`}
            tabIndex={tab === active ? 0 : -1}
            className={styles.tab}
            onClick={() => select(tab)}
            onKeyDown={onKeyDown}
          >
            {t(LABEL[tab])}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`account-panel-${active}`} aria-labelledby={`account-tab-${active}`} tabIndex={0} className={styles.panel}>
        {active === 'profile' && <ProfileTab />}
        {active === 'orders' && <OrdersTab />}
        {active === 'wishlist' && <WishlistTab />}
      </div>
    </div>
  );
}
