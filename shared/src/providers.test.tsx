import { renderToString } from 'react-dom/server';
import { useCart } from './cart/useCart';
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

  it('useCart names what is missing: the store (it needs no provider of its own)', () => {
    expect(() => renderToString(<UsesCart />)).toThrow(
      'could not find react-redux context value; please ensure the component is wrapped in a <Provider>',
    );
  });

  it('useLanguage names its provider', () => {
    expect(() => renderToString(<UsesLanguage />)).toThrow('useLanguage must be used within LanguageProvider');
  });
});
