import { matchesRoute, remoteModulesForPath } from './routeTable';

describe('route table', () => {
  it('matches plain and :param segments like the router', () => {
    expect(matchesRoute('/products/:slug', '/products/hoi-an-handkerchief')).toBe(true);
    expect(matchesRoute('/products/:slug', '/products/')).toBe(false);
    expect(matchesRoute('/products', '/Products/')).toBe(true);
    expect(matchesRoute('/cart', '/cart/extra')).toBe(false);
  });

  it('names the remote modules each path renders', () => {
    expect(remoteModulesForPath('/')).toEqual(['catalog/NewThisSeason']);
    expect(remoteModulesForPath('/products')).toEqual(['catalog/ProductListPage']);
    expect(remoteModulesForPath('/products/dragon-bridge-handkerchief')).toEqual(['catalog/ProductDetailPage']);
    expect(remoteModulesForPath('/product/9')).toEqual(['catalog/LegacyProductRedirect']);
    expect(remoteModulesForPath('/checkout')).toEqual(['cart/CheckoutPage']);
    expect(remoteModulesForPath('/profile')).toEqual(['account/ProfilePage']);
    expect(remoteModulesForPath('/about')).toEqual([]);
    expect(remoteModulesForPath('/no/such/page')).toEqual([]);
  });
});
