/**
 * A rate per client (a token bucket: a burst, then so many a second), remembering at most
 * KNOWN_CLIENTS clients (the longest idle forgotten first), so a flood of addresses costs bounded memory.
 */
const KNOWN_CLIENTS = 10_000;

export function perClientRate({ burst, perSecond }: { burst: number; perSecond: number }, now: () => number = () => performance.now()) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (client: string): boolean => {
    const at = now();
    const bucket = buckets.get(client) ?? { tokens: burst, at };
    buckets.delete(client);
    bucket.tokens = Math.min(burst, bucket.tokens + ((at - bucket.at) / 1000) * perSecond);
    bucket.at = at;
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    buckets.set(client, bucket);
    if (buckets.size > KNOWN_CLIENTS) buckets.delete(buckets.keys().next().value!);
    return allowed;
  };
}
