import { parseStored } from '@maison/shared';
import { EMPTY_CHECKOUT_INFO, storedCheckoutInfo, trimCheckoutInfo } from './checkoutForm';

const stored = (data: unknown) => JSON.stringify({ version: 1, data });

describe('saved checkout information', () => {
  it('restores the saved fields', () => {
    const info = { ...EMPTY_CHECKOUT_INFO, contact: 'lan@example.com', lastName: 'Nguyễn', address: '12 Hàng Gai', city: 'Hà Nội' };
    expect(parseStored(storedCheckoutInfo, stored(info))).toEqual(info);
  });

  it('fills fields missing from an older save with empty text', () => {
    expect(parseStored(storedCheckoutInfo, stored({ city: 'Huế' }))).toEqual({ ...EMPTY_CHECKOUT_INFO, city: 'Huế' });
  });

  it('discards data with wrong types, and never keeps card details', () => {
    expect(parseStored(storedCheckoutInfo, stored({ city: 42 }))).toBeUndefined();
    expect(parseStored(storedCheckoutInfo, stored([]))).toBeUndefined();
    expect(parseStored(storedCheckoutInfo, stored({ cardNumber: '4111' }))).toEqual(EMPTY_CHECKOUT_INFO);
  });

  it('trims every field', () => {
    expect(trimCheckoutInfo({ ...EMPTY_CHECKOUT_INFO, city: '  Huế ' }).city).toBe('Huế');
  });
});
