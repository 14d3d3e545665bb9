/** The page for a request refused before the shop can read it (deploy/src/answer/refusal.ts). Node runs it as is. */
import type { Language } from '@maison/shared';

export type RefusedStatus = 400 | 414 | 431;

/** returnHome as the 404 page says it (host/src/messages.ts). */
const TEXTS: Record<Language, { title: Record<RefusedStatus, string>; explanation: Record<RefusedStatus, string>; returnHome: string }> = {
  en: {
    title: { 400: 'Bad request', 414: 'Address too long', 431: 'Request too large' },
    explanation: {
      400: 'This address could not be read. Check it, or start again from the home page.',
      414: 'This address is longer than the shop can read. Start again from the home page.',
      431: 'Your browser sent more than the shop can read, often too many cookies. Clearing this site’s cookies usually helps.',
    },
    returnHome: 'Return to Home',
  },
  vi: {
    title: { 400: 'Yêu cầu không hợp lệ', 414: 'Địa chỉ quá dài', 431: 'Yêu cầu quá lớn' },
    explanation: {
      400: 'Không thể đọc địa chỉ này. Hãy kiểm tra lại, hoặc bắt đầu lại từ trang chủ.',
      414: 'Địa chỉ này dài hơn mức cửa hàng có thể đọc. Hãy bắt đầu lại từ trang chủ.',
      431: 'Trình duyệt của bạn đã gửi nhiều dữ liệu hơn mức cửa hàng có thể đọc, thường do quá nhiều cookie. Xóa cookie của trang này thường sẽ khắc phục được.',
    },
    returnHome: 'Về trang chủ',
  },
};

/** The page's only style (the design tokens' colours and type), inline: a refused request loads nothing else. */
export const REFUSAL_STYLE =
  'body{margin:0;background:#f7f3ee;color:#1f1a17;font:1rem/1.6 Georgia,"Times New Roman",serif}' +
  'main{max-width:34rem;margin:18vh auto 0;padding:0 1.5rem}p.brand{letter-spacing:.2em;text-transform:uppercase;font-size:.8rem}' +
  'h1{font-weight:400;font-size:2rem;margin:.5rem 0}a{color:inherit}';

export function refusalPage(status: RefusedStatus, language: Language, home: string): string {
  const texts = TEXTS[language];
  return [
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${texts.title[status]} — Maison Khăn</title><style>${REFUSAL_STYLE}</style></head>`,
    `<body><main><p class="brand">Maison Khăn</p><h1>${texts.title[status]}</h1><p>${texts.explanation[status]}</p>`,
    `<p><a href="${home}">${texts.returnHome}</a></p></main></body></html>\n`,
  ].join('');
}
