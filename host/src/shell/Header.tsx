import { useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { hrefs, selectCartItemCount, useHydrated, useShopSelector, useTranslator } from '@maison/shared';
import { hostMessages } from '../messages';
import { NAV_LINKS } from './navLinks';
import { LanguageMenu } from './LanguageMenu';
import { SearchPanel } from './SearchPanel';
import { SideMenu } from './SideMenu';
import { BagIcon, MenuIcon, SearchIcon, UserIcon } from './Icons';
import styles from './Header.module.css';

/** The header gets its shadow once the page is scrolled more than this. */
export const HEADER_SHADOW_SCROLL_PX = 10;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

export function Header() {
  const t = useTranslator(hostMessages);
  const scrolled = useScrolledPast(HEADER_SHADOW_SCROLL_PX);
  // The shopper's cart is known in the browser only: a rendered page says nothing of it (no
  // badge, the plain "Cart" label) until it is alive, then shows the count.
  const storedCount = useShopSelector(selectCartItemCount);
  const itemCount = useHydrated() ? storedCount : 0;
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  const cartLabel = itemCount === 0 ? t('cart') : t('cartWithCount', { count: itemCount });

  return (
    <header className={`${styles.header} ${scrolled ? styles.scrolled : ''}`} data-scrolled={scrolled}>
      <a className={styles.skipLink} href="#main">
        {t('skipToContent')}
      </a>
      <div className={styles.inner}>
        <button
          type="button"
          className={`${styles.iconButton} ${styles.menuButton}`}
          onClick={() => setMenuOpen(true)}
          aria-label={t('openMenu')}
          aria-expanded={menuOpen}
          aria-controls="mk-side-menu"
        >
          <MenuIcon />
        </button>
        <nav className={styles.nav} aria-label={t('mainNavigation')}>
          <ul className={styles.navList}>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className={({ isActive }) => `${styles.navLink} ${isActive ? styles.active : ''}`}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={hrefs.home()} className={styles.logo} aria-label={`${t('brand')}, ${t('navHome')}`}>
          <span className={styles.logoMark} aria-hidden="true">
            MAISON
          </span>{' '}
          {/* The space keeps the visible words apart in the link's text (label in name). */}
          <span className={styles.logoName} aria-hidden="true">
            Khăn
          </span>
        </Link>
        <div className={styles.actions}>
          <LanguageMenu />
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => setSearchOpen(true)}
            aria-label={t('search')}
            aria-haspopup="dialog"
            aria-expanded={searchOpen}
          >
            <SearchIcon />
          </button>
          <Link to={hrefs.profile()} className={styles.iconButton} aria-label={t('profile')}>
            <UserIcon />
          </Link>
          <Link to={hrefs.cart()} className={styles.iconButton} aria-label={cartLabel}>
            <BagIcon />
            {itemCount > 0 && (
              <span className={styles.badge} data-testid="cart-count" aria-hidden="true">
                {itemCount > 99 ? '99+' : itemCount}
              </span>
            )}
          </Link>
        </div>
      </div>
      {searchOpen && <SearchPanel onClose={() => setSearchOpen(false)} />}
      <SideMenu open={menuOpen} onClose={() => setMenuOpen(false)} />
    </header>
  );
}
