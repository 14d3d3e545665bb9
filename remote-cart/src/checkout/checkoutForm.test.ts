import { EMPTY_CHECKOUT_INFO, storedCheckoutInfo, trimCheckoutInfo } from './checkoutForm';

describe('saved checkout information', () => {
  it('restores the saved fields', () => {
    const info = { ...EMPTY_CHECKOUT_INFO, contact: 'lan@example.com', lastName: 'Nguyễn', address: '12 Hàng Gai', city: 'Hà Nội' };
    expect(storedCheckoutInfo.validate(info)).toEqual(info);
  });

  it('fills fields missing from an older save with empty text', () => {
    expect(storedCheckoutInfo.validate({ city: 'Huế' })).toEqual({ ...EMPTY_CHECKOUT_INFO, city: 'Huế' });
  });

  it('discards data with wrong types, and never keeps card details', () => {
    expect(storedCheckoutInfo.validate({ city: 42 })).toBeUndefined();
    expect(storedCheckoutInfo.validate([])).toBeUndefined();
    expect(storedCheckoutInfo.validate({ cardNumber: '4111' })).toEqual(EMPTY_CHECKOUT_INFO);
  });

  it('trims every field', () => {
    expect(trimCheckoutInfo({ ...EMPTY_CHECKOUT_INFO, city: '  Huế ' }).city).toBe('Huế');
  });
});
