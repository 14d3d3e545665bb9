/**
 * The answer to a request refused before the rules read it (requestLimits.ts): plain text, the
 * closed policy, never kept. Node's server sends it, and nginx in front sends the same (its
 * configuration is written from this function), so both refuse alike.
 */
import { FILE_POLICY, securityHeaders } from './policy.ts';

const TEXTS = { 400: 'Bad request\n', 414: 'Request line too long\n', 431: 'Request headers too large\n' } as const;

export function refusal(status: 400 | 414 | 431, isRemote: boolean): { headers: Record<string, string>; text: string } {
  return {
    headers: {
      ...securityHeaders(FILE_POLICY),
      'Cache-Control': 'no-cache',
      'Content-Type': 'text/plain; charset=utf-8',
      ...(isRemote ? { 'Access-Control-Allow-Origin': '*' } : {}),
    },
    text: TEXTS[status],
  };
}
