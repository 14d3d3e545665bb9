/**
 * Where an environment's object store is and how to sign for it: an address `s3://bucket/prefix`,
 * and the endpoint and credentials read from the variables the AWS SDKs read.
 */
import * as v from 'valibot';

export type StoreAddress = {
  bucket: string;
  /** Empty, or ending in `/`: every key of the environment starts with it. */
  prefix: string;
};

export type StoreConfig = {
  /** Origin of the S3 API, path-style: requests go to `${endpoint}/${bucket}/${key}`. */
  endpoint: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** Bound on each request, the body included. */
  timeoutMs: number;
};

export const DEFAULT_TIMEOUT_MS = 10_000;

// S3's rules for a bucket's name (3 to 63 of a-z 0-9 . -, a letter or digit at each end).
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** Parses `s3://bucket` or `s3://bucket/some/prefix` (a trailing `/` is added to the prefix). */
export function parseStoreAddress(address: string): StoreAddress {
  const match = /^s3:\/\/([^/?#]*)(?:\/([^?#]*))?$/.exec(address);
  const bad = (why: string) => new Error(`the object store address "${address}" ${why}: it must look like s3://bucket/prefix`);
  if (!match) throw bad(address.startsWith('s3://') ? 'has a query or fragment' : 'does not start with s3://');
  const [, bucket = '', path = ''] = match;
  if (!bucket) throw bad('names no bucket');
  if (!BUCKET.test(bucket) || bucket.includes('..')) {
    throw bad(`names the bucket "${bucket}", which is not a bucket's name (3 to 63 of a-z, 0-9, "." and "-")`);
  }
  const segments = path.replace(/\/$/, '').split('/');
  if (path && segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw bad(`has an empty, "." or ".." segment in its prefix "${path}"`);
  }
  return { bucket, prefix: path ? `${segments.join('/')}/` : '' };
}

export const formatStoreAddress = ({ bucket, prefix }: StoreAddress) => `s3://${bucket}/${prefix}`;

const required = (name: string) => v.pipe(v.string(`${name} is not set`), v.trim(), v.nonEmpty(`${name} is empty`));
const ENV = v.object({
  AWS_ENDPOINT_URL_S3: v.optional(v.pipe(v.string(), v.url('AWS_ENDPOINT_URL_S3 is not a URL'))),
  AWS_ENDPOINT_URL: v.optional(v.pipe(v.string(), v.url('AWS_ENDPOINT_URL is not a URL'))),
  AWS_ACCESS_KEY_ID: required('AWS_ACCESS_KEY_ID'),
  AWS_SECRET_ACCESS_KEY: required('AWS_SECRET_ACCESS_KEY'),
  AWS_SESSION_TOKEN: v.optional(v.string()),
  AWS_REGION: v.optional(v.string()),
});

/**
 * The store's configuration as the AWS SDKs read it: `AWS_ENDPOINT_URL_S3`, else `AWS_ENDPOINT_URL`,
 * else AWS's own regional endpoint; the keys; `AWS_REGION`, us-east-1 when unset.
 */
export function storeConfigFromEnv(env: Record<string, string | undefined> = process.env, timeoutMs = DEFAULT_TIMEOUT_MS): StoreConfig {
  // An empty variable is an unset one, as the SDKs take it.
  const set = Object.fromEntries(Object.keys(ENV.entries).map((name) => [name, env[name] || undefined]));
  const parsed = v.safeParse(ENV, set);
  if (!parsed.success) {
    const problems = parsed.issues.map((issue) => issue.message).join('; ');
    throw new Error(`the object store cannot be configured: ${problems}`);
  }
  const { AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL, AWS_REGION, AWS_SESSION_TOKEN, ...keys } = parsed.output;
  const region = AWS_REGION || 'us-east-1';
  const endpoint = (AWS_ENDPOINT_URL_S3 ?? AWS_ENDPOINT_URL ?? `https://s3.${region}.amazonaws.com`).replace(/\/+$/, '');
  return {
    endpoint,
    region,
    accessKeyId: keys.AWS_ACCESS_KEY_ID,
    secretAccessKey: keys.AWS_SECRET_ACCESS_KEY,
    ...(AWS_SESSION_TOKEN ? { sessionToken: AWS_SESSION_TOKEN } : {}),
    timeoutMs,
  };
}
