import { matchRoutes } from 'react-router';
import { hostilePaths } from '../../e2e/hostilePaths';
import { RENDERED_PATHS, ROUTES, remoteModulesFor, routeFor, servedRoutes, PREFETCH_WHEN_IDLE } from './routes';
import { parameterOf, routePatternSource } from './routePatterns';
import { shopRoutes } from './router';

/**
 * The route react-router renders for a path: the deepest match's path, '/' for the index route.
 * No match at all (a path that decodes to a line break, which no route pattern crosses) is the
 * router's 404, which the shell shows as the not-found page, as the catch-all would.
 */
function routerAnswer(pathname: string): string {
  const matches = matchRoutes(shopRoutes(), pathname) ?? [];
  const leaf = matches[matches.length - 1]?.route;
  if (!leaf) return '*';
  if (leaf.index) return '/';
  return leaf?.path === '*' ? '*' : `/${leaf?.path ?? ''}`;
}

/** What a browser sends and shows for a typed path: the URL parser's normalised path. */
const pathnameOf = (path: string) => new URL(`http://shop.test${path}`).pathname;

describe('route table', () => {
  // react-router warns about each undecodable path (a seeded hostile one); it still answers.
  beforeAll(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
  afterAll(() => jest.restoreAllMocks());

  it('names the page and remote modules of each path', () => {
    expect(routeFor('/').page).toBe('home');
    expect(remoteModulesFor('/')).toEqual(['catalog/NewThisSeason']);
    expect(remoteModulesFor('/products')).toEqual(['catalog/ProductListPage']);
    expect(remoteModulesFor('/Products/')).toEqual(['catalog/ProductListPage']);
    expect(remoteModulesFor('/products/dragon-bridge-handkerchief')).toEqual(['catalog/ProductDetailPage']);
    expect(remoteModulesFor('/products/dragon-bridge-handkerchief?variant=9')).toEqual(['catalog/ProductDetailPage']);
    expect(remoteModulesFor('/product/9')).toEqual(['catalog/LegacyProductRedirect']);
    expect(remoteModulesFor('/checkout')).toEqual(['cart/CheckoutPage']);
    expect(remoteModulesFor('/profile')).toEqual(['account/ProfilePage']);
    expect(routeFor('/about').page).toBe('about');
    expect(remoteModulesFor('/about')).toEqual([]);
    expect(routeFor('/no/such/page').page).toBe('notFound');
    expect(routeFor('/products/').page).toBe('catalog/ProductListPage');
    expect(routeFor('/products//x').page).toBe('notFound');
  });

  it('gives a route’s parameter as react-router gives it to the page, for every hostile path (the not-found page shows it)', () => {
    let compared = 0;
    for (const path of hostilePaths().map(pathnameOf)) {
      const matches = matchRoutes(shopRoutes(), path) ?? [];
      const params = matches[matches.length - 1]?.params ?? {};
      const route = servedRoutes().find((served) => served.notFound?.shows === 'parameter' && new RegExp(served.pattern, 'i').test(path));
      if (!route || params['*'] !== undefined) continue;
      const name = route.path.split(':')[1]!;
      expect([path, parameterOf(route.pattern, path)]).toEqual([path, params[name]]);
      compared += 1;
    }
    expect(compared).toBeGreaterThan(20);
  });

  it('compiles a path to one pattern over a URL path, for the page and the servers alike', () => {
    expect(routePatternSource('/products/:slug')).toBe('^/products/([^/]+)/*$');
    expect(routePatternSource('/')).toBe('^/*$');
    expect(routePatternSource('*')).toBe('^/');
  });

  it('matches a path whatever its query', () => {
    expect(routeFor('/products?sort=price-asc&x=/cart').path).toBe('/products');
    expect(routeFor('/profile/?tab=orders').path).toBe('/profile');
    expect(routeFor('/?utm_source=a').path).toBe('/');
  });

  it('shows a path’s parameter as the router decodes it', () => {
    const product = routePatternSource('/products/:slug');
    expect(parameterOf(product, '/products/kh%C4%83n-t%C3%A2y?variant=2')).toBe('khăn-tây');
    expect(parameterOf(product, '/products/a%2Fb/')).toBe('a/b');
    expect(parameterOf(product, '/about')).toBeUndefined();
  });

  it('renders every page on the server, the shopper’s own as their frame, kept from search engines', () => {
    expect(RENDERED_PATHS).toEqual(['/', '/products', '/cart', '/checkout', '/profile', '/about', '/contact']);
    const personal = servedRoutes().flatMap(({ path, personal: own }) => (own ? [path] : []));
    expect(personal).toEqual(['/cart', '/checkout', '/profile']);
    expect(servedRoutes().find(({ path }) => path === '*')?.notFound).toEqual({ page: 'not-found', shows: 'path' });
  });

  it('tells the servers each route’s pattern and remotes, in the table’s order', () => {
    const served = servedRoutes();
    expect(served.map(({ path }) => path)).toEqual(ROUTES.map(({ path }) => path));
    expect(served.find(({ path }) => path === '/')?.remotes).toEqual(['catalog']);
    expect(served.find(({ path }) => path === '/cart')?.remotes).toEqual(['cart']);
    expect(served.find(({ path }) => path === '/about')?.remotes).toEqual([]);
  });

  it('prefetches the pages a shopper reaches from the header and home page', () => {
    expect(PREFETCH_WHEN_IDLE).toEqual(['catalog/ProductListPage', 'catalog/ProductDetailPage', 'cart/CartPage', 'account/ProfilePage']);
  });

  // The servers and the start-up code match with the compiled patterns; the page renders what
  // react-router matches. They must agree on every path a shopper or an attacker can type.
  const paths = [
    ...ROUTES.map(({ path }) => path.replace(':slug', 'hoi-an-handkerchief').replace(':id', '9').replace('*', 'nowhere')),
    ...[
      '/PRODUCTS',
      '/cart/',
      '/cart//',
      '//',
      '/products/x/',
      '/products/x//',
      '/about/x',
      '/product/',
      '/checkout?step=1',
      '/%63art',
      '/products/%68oi-an',
      '/ABOUT/',
    ],
    ...hostilePaths(),
  ];

  it.each(paths.map((path) => [path]))('react-router and the compiled patterns agree on %s', (path) => {
    const pathname = pathnameOf(path);
    expect(routeFor(pathname).path).toBe(routerAnswer(pathname));
  });
});
