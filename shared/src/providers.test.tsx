import { renderToString } from 'react-dom/server';
import { useCart } from './cart/CartProvider';
import { useLanguage } from './i18n/LanguageProvider';

function UsesCart() {
  useCart();
  return null;
}
function UsesLanguage() {
  useLanguage();
  return null;
}

describe('hooks used outside their providers', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('useCart names its provider', () => {
    expect(() => renderToString(<UsesCart />)).toThrow('useCart must be used within CartProvider');
  });

  it('useLanguage names its provider', () => {
    expect(() => renderToString(<UsesLanguage />)).toThrow('useLanguage must be used within LanguageProvider');
  });
});
