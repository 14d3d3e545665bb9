/** The preload hints a page's answer carries. */
import { servedRoutes } from '@maison/host/hosting';
import { servedRemotes } from './policy.ts';
import { preloadLinks } from './pages.ts';

const LOCAL = JSON.stringify({
  catalog: 'http://localhost:3001/mf-manifest.json',
  cart: ['https://cdn.example.com/cart/2/mf-manifest.json', 'https://old.example.com/cart/1/mf-manifest.json'],
  account: '/account/mf-manifest.json',
});

describe('preload hints', () => {
  const { locations } = servedRemotes(LOCAL);
  const linkOf = preloadLinks(servedRoutes(), locations);

  it('name the first choice’s manifest and the entry beside it, root-relative for the shop’s own origin', () => {
    expect(linkOf('/cart')).toBe(
      '<https://cdn.example.com/cart/2/mf-manifest.json>; rel=preload; as=fetch; crossorigin, <https://cdn.example.com/cart/2/remoteEntry.js>; rel=preload; as=script; crossorigin',
    );
    expect(linkOf('/profile?tab=orders')).toBe(
      '</account/mf-manifest.json>; rel=preload; as=fetch; crossorigin, </account/remoteEntry.js>; rel=preload; as=script',
    );
    expect(linkOf('/')).toContain('<http://localhost:3001/mf-manifest.json>');
    expect(linkOf('/about')).toBeUndefined();
    expect(linkOf('/nowhere')).toBeUndefined();
  });
});
