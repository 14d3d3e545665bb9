import { badgeToneFor } from './orderStatus';

describe('badgeToneFor', () => {
  it('is green only for Delivered', () => {
    expect(badgeToneFor('Delivered')).toBe('delivered');
    expect(badgeToneFor('Processing')).toBe('pending');
    expect(badgeToneFor('Shipped')).toBe('pending');
    expect(badgeToneFor('delivered')).toBe('pending');
  });
});
