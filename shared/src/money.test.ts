import { formatMoney } from './money';

describe('formatMoney', () => {
  it.each([
    [0, '0đ', '0đ'],
    [800, '800đ', '800đ'],
    [8000, '8,000đ', '8.000đ'],
    [10000, '10,000đ', '10.000đ'],
    [1234567, '1,234,567đ', '1.234.567đ'],
  ])('formats %i as %s (en) and %s (vi)', (amount, en, vi) => {
    expect(formatMoney(amount, 'en')).toBe(en);
    expect(formatMoney(amount, 'vi')).toBe(vi);
  });

  it('rounds fractions and keeps the sign of negative amounts', () => {
    expect(formatMoney(999.6, 'en')).toBe('1,000đ');
    expect(formatMoney(-5000, 'en')).toBe('-5,000đ');
  });

  it('shows 0đ for amounts that are not numbers instead of "NaNđ"', () => {
    expect(formatMoney(Number.NaN, 'vi')).toBe('0đ');
  });
});
