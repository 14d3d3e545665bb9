import { NavLink, Outlet } from 'react-router-dom';
// Through the package's public API, like any app: the frame must use the page's singleton.
import { LANGUAGES, selectCartItemCount, useLanguage, useShopSelector, type Language } from '@maison/shared';

/**
 * A bare frame for a remote running alone on its own port: links to its pages, a language
 * switch and the cart count, without the host's chrome. Developer tooling, not shop UI.
 */
export function StandaloneFrame({ appName, links }: { appName: string; links: Array<{ to: string; label?: string }> }) {
  const { language, setLanguage } = useLanguage();
  const count = useShopSelector(selectCartItemCount);
  return (
    <>
      <header
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: '1rem',
          alignItems: 'center',
          padding: '0.75rem 1rem',
          borderBottom: '1px dashed #8a5a1e',
        }}
      >
        <strong>{appName} (standalone)</strong>
        <nav aria-label="Standalone pages" style={{ display: 'flex', gap: '1rem' }}>
          {links.map((link) => (
            <NavLink key={link.to} to={link.to}>
              {link.label ?? link.to}
            </NavLink>
          ))}
        </nav>
        <span>cart: {count}</span>
        <select aria-label="Language" value={language} onChange={(event) => setLanguage(event.target.value as Language)}>
          {LANGUAGES.map((code) => (
            <option key={code}>{code}</option>
          ))}
        </select>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  );
}
