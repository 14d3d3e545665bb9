/** One request as a server follows it: who asks, its id, and what the answerer noted for the access line and metrics (never a raw path or query). */
import { randomUUID } from 'node:crypto';
import type { Language } from '@maison/shared';

export type ServedAs =
  | 'published'
  | 'on-demand'
  | 'cache'
  | 'shell'
  | 'not-found'
  | 'redirect'
  | 'file'
  | 'data'
  | 'refused'
  | 'probe'
  | 'signals'
  /** Answered by another server (the edge's render origin: a view). */
  | 'origin';

export interface Served {
  /** The route template (`/products/:slug`) or the kind of address (`(file)`, `/remotes.json`). */
  route?: string;
  language?: Language;
  generation?: string;
  servedAs?: ServedAs;
  cohort?: 'canary' | 'stable';
}

export interface RequestContext {
  /** The client's address as the server counts it (servers/client.ts). */
  client?: string;
  requestId: string;
  served: Served;
  /** The target and header lines as sent, for the limits layer (a Web Request resolves its URL). */
  sent?: { target: string; headerLines: readonly string[] };
}

const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The caller's X-Request-Id if well formed, else its traceparent's trace id, else a new id. */
export function requestIdOf(header: (name: string) => string | null | undefined): string {
  const given = header('x-request-id')?.trim();
  if (given && REQUEST_ID.test(given)) return given;
  const trace = TRACEPARENT.exec(header('traceparent')?.trim() ?? '')?.[1];
  if (trace && !/^0+$/.test(trace)) return trace;
  return randomUUID();
}

export const newContext = (requestId: string, client?: string): RequestContext => ({
  requestId,
  served: {},
  ...(client ? { client } : {}),
});
