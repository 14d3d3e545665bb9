import { defineMessages, interpolate, translate } from './messages';

describe('i18n', () => {
  const catalog = defineMessages({ greeting: 'Hello {name}', plain: 'Plain' }, { greeting: 'Xin chào {name}', plain: 'Đơn' });

  it('translates into the requested language with placeholders', () => {
    expect(translate(catalog, 'en', 'greeting', { name: 'Lan' })).toBe('Hello Lan');
    expect(translate(catalog, 'vi', 'greeting', { name: 'Lan' })).toBe('Xin chào Lan');
  });

  it('picks plural forms by count with each language’s rules', () => {
    const counts = defineMessages({ items: { one: '{count} ITEM', other: '{count} ITEMS' } }, { items: { other: '{count} SẢN PHẨM' } });
    expect(translate(counts, 'en', 'items', { count: 1 })).toBe('1 ITEM');
    expect(translate(counts, 'en', 'items', { count: 0 })).toBe('0 ITEMS');
    expect(translate(counts, 'en', 'items', { count: 4 })).toBe('4 ITEMS');
    expect(translate(counts, 'vi', 'items', { count: 1 })).toBe('1 SẢN PHẨM');
    expect(translate(counts, 'en', 'items')).toBe('{count} ITEMS');
  });

  it('keeps unknown placeholders visible', () => {
    expect(interpolate('Add {amount} more {unit}', { amount: 5 })).toBe('Add 5 more {unit}');
  });
});
