import type { Language } from './types';

const GROUP_SEPARATOR: Record<Language, string> = { en: ',', vi: '.' };

/**
 * Integer dong for display: 10,000đ in English, 10.000đ in Vietnamese.
 * Hand-rolled rather than Intl: Intl's vi-VN output ("10.000 ₫") uses a different sign and a
 * non-breaking space, and the shop's texts are specified with the trailing "đ".
 */
export function formatMoney(amount: number, language: Language): string {
  const rounded = Math.round(Number.isFinite(amount) ? amount : 0);
  const sign = rounded < 0 ? '-' : '';
  const digits = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR[language]);
  return `${sign}${digits}đ`;
}
