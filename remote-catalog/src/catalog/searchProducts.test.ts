import { PRODUCT_GROUPS } from './products';
import { searchProducts } from './searchProducts';

const names = (query: string, language: 'en' | 'vi') => searchProducts(PRODUCT_GROUPS, query, language).map((g) => g.name[language]);

describe('searchProducts', () => {
  it('matches a case-insensitive substring of the English name', () => {
    expect(names('DRAGON', 'en')).toEqual(['Dragon Bridge Handkerchief']);
    expect(names('handkerchief', 'en')).toHaveLength(4);
    expect(names('an h', 'en')).toEqual(['Hoi An Handkerchief']);
  });

  it('matches Vietnamese names with or without diacritics', () => {
    expect(names('ho hoan kiem', 'vi')).toEqual(['Khăn tay Hồ Hoàn Kiếm']);
    expect(names('Hồ Hoàn Kiếm', 'vi')).toEqual(['Khăn tay Hồ Hoàn Kiếm']);
    expect(names('cau rong', 'vi')).toEqual(['Khăn tay Cầu Rồng']);
  });

  it('searches the current language only', () => {
    expect(names('chua mot cot', 'en')).toEqual([]);
    expect(names('pagoda', 'vi')).toEqual([]);
  });

  it('returns nothing for an empty or blank query', () => {
    expect(names('', 'en')).toEqual([]);
    expect(names('   ', 'vi')).toEqual([]);
  });
});
