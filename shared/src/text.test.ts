import { foldForSearch } from './text';

describe('foldForSearch', () => {
  it('removes Vietnamese diacritics and case', () => {
    expect(foldForSearch('Hồ Hoàn Kiếm')).toBe('ho hoan kiem');
    expect(foldForSearch('Cầu Rồng Đà Nẵng')).toBe('cau rong da nang');
    expect(foldForSearch('CHÙA MỘT CỘT')).toBe('chua mot cot');
  });
  it('collapses white space', () => {
    expect(foldForSearch('  hoi   an ')).toBe('hoi an');
  });
});
