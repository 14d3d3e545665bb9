import { hrefs, PAGE_PATHS } from './pagePaths';

describe('the link to each page', () => {
  it.each([
    [hrefs.home(), '/'],
    [hrefs.products(), '/products'],
    [hrefs.product('hoi-an-handkerchief'), '/products/hoi-an-handkerchief'],
    [hrefs.product('hoan-kiem-lake-handkerchief', { variant: '2' }), '/products/hoan-kiem-lake-handkerchief?variant=2'],
    [hrefs.product('hoi-an-handkerchief', { variant: undefined }), '/products/hoi-an-handkerchief'],
    // A parameter is one segment, whatever it holds; a query value is escaped.
    [hrefs.product('a/b?c#d'), '/products/a%2Fb%3Fc%23d'],
    [hrefs.product('x', { variant: '1&tab=2' }), '/products/x?variant=1%26tab%3D2'],
    [hrefs.legacyProduct('7'), '/product/7'],
    [hrefs.legacyProduct('../cart'), '/product/..%2Fcart'],
    [hrefs.cart(), '/cart'],
    [hrefs.checkout(), '/checkout'],
    [hrefs.profile(), '/profile'],
    [hrefs.profile({ tab: 'orders' }), '/profile?tab=orders'],
    [hrefs.profile({ tab: 'wishlist' }), '/profile?tab=wishlist'],
    [hrefs.about(), '/about'],
    [hrefs.contact(), '/contact'],
  ])('%s is %s', (href, expected) => expect(href).toBe(expected));

  it('is a page’s route path with its parameters filled in', () => {
    for (const [page, path] of Object.entries(PAGE_PATHS)) {
      const href: string = (hrefs[page as keyof typeof hrefs] as (parameter?: string) => string)('x');
      expect(href).toBe(path.replace(/:\w+/, 'x'));
    }
  });
});
