/**
 * Lower-cases and strips diacritics, so 'ho hoan kiem' finds 'Hồ Hoàn Kiếm'.
 * 'đ' has no combining form in Unicode and is mapped by hand.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}
