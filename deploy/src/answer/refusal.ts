/** Requests refused before any rule, as nginx refuses them (414, 431, 400), and their answer: the host's page, a remote's text. */
// Why: docs/decisions/serving.md#refusals-match-nginx
import path from 'node:path';
import type { Language } from '@maison/shared';
import { languageOfPath, pathInLanguage, PREFIXED_LANGUAGES, ROOT_LANGUAGE } from '@maison/shared/address';
import { REFUSAL_STYLE, refusalPage, type RefusedStatus } from '@maison/host/hosting';
import { inlineSource } from '../render/renderRecord.ts';
import { FILE_POLICY, securityHeaders } from './policy.ts';

export const REQUEST_LIMITS = { requestLine: 8 * 1024, headerLine: 8 * 1024, headers: 32 * 1024 } as const;

/** Whether `..` segments climb above the root, escaped dots and slashes decoded first (as nginx does). */
function climbsAboveRoot(pathname: string): boolean {
  if (!pathname.includes('.') && !/%2e/i.test(pathname)) return false;
  // Relative (leading slashes cut), so that normalize keeps a climb as a leading `..` instead of stopping it at the root.
  return /^\.\.(\/|$)/.test(path.posix.normalize(pathname.replace(/%2e/gi, '.').replace(/%2f/gi, '/').replace(/^\/+/, '')));
}

export function refusedTarget(target: string): 400 | 414 | undefined {
  // "GET " and " HTTP/1.1" around the target are part of the request line.
  if (target.length + 13 > REQUEST_LIMITS.requestLine) return 414;
  if (!target.startsWith('/')) return 400;
  // A `%` not followed by two hex digits, or an escaped NUL.
  if (/%(?![0-9a-fA-F]{2})|%00/.test(target)) return 400;
  const query = target.indexOf('?');
  return climbsAboveRoot(query === -1 ? target : target.slice(0, query)) ? 400 : undefined;
}

/** 431 when a header line, or all of them, are longer than the limits; `rawHeaders` as Node gives them (name, value, …). */
export function refusedHeaders(rawHeaders: readonly string[]): 431 | undefined {
  let total = 0;
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    // "name: value\r\n"
    const line = rawHeaders[index]!.length + rawHeaders[index + 1]!.length + 4;
    if (line > REQUEST_LIMITS.headerLine) return 431;
    total += line;
  }
  return total > REQUEST_LIMITS.headers ? 431 : undefined;
}

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

/** A refusal's headers (its Content-Type among them) and text. */
export type Refusal = { headers: Record<string, string>; text: string };

export const plainTextHeaders = (isRemote: boolean): Record<string, string> => ({
  ...securityHeaders(FILE_POLICY),
  'Cache-Control': 'no-cache',
  ...(isRemote ? { 'Access-Control-Allow-Origin': '*' } : {}),
  'Content-Type': 'text/plain; charset=utf-8',
});

export function refusal(status: RefusedStatus, isRemote: boolean, language: Language = ROOT_LANGUAGE): Refusal {
  if (isRemote) return { headers: plainTextHeaders(true), text: TEXTS[status] };
  return {
    headers: { ...securityHeaders(PAGE_POLICY), 'Cache-Control': 'no-cache', 'Content-Type': 'text/html; charset=utf-8' },
    text: refusalPage(status, language, pathInLanguage('/', language)),
  };
}

export const SERVED_METHODS = ['GET', 'HEAD'] as const;

export const refusedMethod = (isRemote: boolean): Refusal => ({
  headers: { ...plainTextHeaders(isRemote), Allow: SERVED_METHODS.join(', ') },
  text: 'Method not allowed\n',
});
