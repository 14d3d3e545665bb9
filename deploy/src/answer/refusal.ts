/** The answer to a request refused before the rules: the host's refusal page, a remote's plain text. */
// Why: docs/decisions/serving.md#refusals-match-nginx
import type { Language } from '@maison/shared';
import { languageOfPath, pathInLanguage, PREFIXED_LANGUAGES, ROOT_LANGUAGE } from '@maison/shared/address';
import { REFUSAL_STYLE, refusalPage, type RefusedStatus } from '@maison/host/hosting';
import { FILE_POLICY, inlineSource, securityHeaders } from './policy.ts';

const TEXTS = { 400: 'Bad request\n', 414: 'Request line too long\n', 431: 'Request headers too large\n' } as const;

/** The closed policy, with the refusal page's one inline style named by its hash. */
const PAGE_POLICY = FILE_POLICY.replace("default-src 'none';", `default-src 'none'; style-src ${inlineSource(REFUSAL_STYLE)};`);

/** The language of a refused request's address, from the start of its target as sent (all a server may have read of it). */
export function refusedLanguage(target: string | undefined): Language {
  return target === undefined ? ROOT_LANGUAGE : languageOfPath(target.replace(/[?#].*$/s, '')).language;
}

/** languageOfPath's rule as a PCRE over a request line (`GET /vi/x HTTP/1.1`), for nginx's `$request`, per language. */
export function refusedLanguagePatterns(): Array<[Language, string]> {
  return PREFIXED_LANGUAGES.map(([language, prefix]) => [language, `^\\S+ ${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([/? ]|$)`]);
}

export function refusal(
  status: RefusedStatus,
  isRemote: boolean,
  language: Language = ROOT_LANGUAGE,
): { headers: Record<string, string>; text: string } {
  if (isRemote) {
    const headers = { ...securityHeaders(FILE_POLICY), 'Access-Control-Allow-Origin': '*' };
    return { headers: { ...headers, 'Cache-Control': 'no-cache', 'Content-Type': 'text/plain; charset=utf-8' }, text: TEXTS[status] };
  }
  return {
    headers: { ...securityHeaders(PAGE_POLICY), 'Cache-Control': 'no-cache', 'Content-Type': 'text/html; charset=utf-8' },
    text: refusalPage(status, language, pathInLanguage('/', language)),
  };
}

/** Methods the shop answers; anything else is 405. */
export const SERVED_METHODS = ['GET', 'HEAD'] as const;

/** The answer to a method the shop does not serve: plain text, the closed policy, never kept. */
export function refusedMethod(isRemote: boolean): { headers: Record<string, string>; text: string } {
  const headers = { ...securityHeaders(FILE_POLICY), 'Cache-Control': 'no-cache', Allow: SERVED_METHODS.join(', ') };
  return {
    headers: { ...headers, ...(isRemote ? { 'Access-Control-Allow-Origin': '*' } : {}), 'Content-Type': 'text/plain; charset=utf-8' },
    text: 'Method not allowed\n',
  };
}
