/**
 * A lease in the object store: one holder at a time (the judge of an environment), taken with
 * If-None-Match: * or If-Match on an expired one, renewed with If-Match. A holder that dies frees
 * it when its time runs out; one that cannot renew in time is told it lost it (its `lost` signal).
 */
import { hostname } from 'node:os';
import * as v from 'valibot';
import type { ObjectStore } from '../store/objectStore.ts';
import type { LeaseOptions } from './environment.ts';

const LEASE = v.object({ holder: v.string(), until: v.string() });
type Lease = v.InferOutput<typeof LEASE>;

const DEFAULT_TTL_MS = 30_000;
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

const leaseBody = (holder: string, ttlMs: number) => JSON.stringify({ holder, until: new Date(Date.now() + ttlMs).toISOString() });

function leaseOf(bytes: Uint8Array): Lease | undefined {
  try {
    const parsed = v.safeParse(LEASE, JSON.parse(new TextDecoder().decode(bytes)));
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}

/** Takes the lease, waiting while another holds it; its ETag, or undefined when `signal` ended the wait. */
async function acquire(store: ObjectStore, key: string, holder: string, options: LeaseOptions): Promise<string | undefined> {
  const { log = console.log, ttlMs = DEFAULT_TTL_MS, signal } = options;
  let saidOf = '';
  while (!signal?.aborted) {
    const got = await store.get(key);
    const lease = got.status === 'found' ? leaseOf(got.body) : undefined;
    const left = lease ? Date.parse(lease.until) - Date.now() : -1;
    if (got.status === 'found' && left > 0) {
      if (saidOf !== lease!.holder) log(`[lease] ${key} is held by ${lease!.holder} until ${lease!.until}: waiting for it`);
      saidOf = lease!.holder;
      await sleep(Math.min(left + 50, ttlMs / 3), signal);
      continue;
    }
    const body = leaseBody(holder, ttlMs);
    const written = got.status === 'found' ? await store.putIfMatch(key, body, got.etag) : await store.putIfAbsent(key, body);
    if (written.status === 'written') return written.etag;
  }
  return undefined;
}

export async function withStoreLease<T>(
  store: ObjectStore,
  key: string,
  work: (lost: AbortSignal) => Promise<T>,
  options: LeaseOptions = {},
): Promise<T> {
  const { log = console.log, ttlMs = DEFAULT_TTL_MS } = options;
  const holder = `${hostname()} pid ${process.pid} (${Math.random().toString(36).slice(2, 8)})`;
  let etag = await acquire(store, key, holder, options);
  const lost = new AbortController();
  if (etag === undefined) lost.abort();
  else log(`[lease] ${key} taken by ${holder} for ${ttlMs / 1000} s at a time`);
  let heldUntil = Date.now() + ttlMs;
  const renew = async () => {
    try {
      const written = await store.putIfMatch(key, leaseBody(holder, ttlMs), etag!);
      if (written.status === 'written') return void ((etag = written.etag), (heldUntil = Date.now() + ttlMs));
      log(`[lease] ${key} was taken by another: stopping`);
      lost.abort();
    } catch (error) {
      // The store away: the lease stands until its time runs out, then it is another's to take.
      if (Date.now() >= heldUntil) lost.abort();
      log(`[lease] ${key} could not be renewed (${(error as Error).message})${lost.signal.aborted ? ': it ran out, stopping' : ''}`);
    }
  };
  const timer = setInterval(() => void renew(), ttlMs / 3);
  try {
    return await work(lost.signal);
  } finally {
    clearInterval(timer);
    // Released by expiring it now (a delete could remove another's): the next holder need not wait.
    if (!lost.signal.aborted)
      await store.putIfMatch(key, JSON.stringify({ holder, until: new Date(0).toISOString() }), etag!).catch(() => undefined);
  }
}
