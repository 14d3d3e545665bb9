/**
 * An environment's object store: a small S3 client over the Fetch API, signed with aws4fetch, so
 * that it runs in Node and in workerd alike. Keys are relative to the address's prefix. What a
 * conditional write can meet (the key exists, the object changed) is an outcome, not an error.
 */
import { AwsV4Signer } from 'aws4fetch';
import { parseErrorBody, parseListPage, type ListedObject } from './s3Xml.ts';
import type { StoreAddress, StoreConfig } from './storeConfig.ts';

export type { ListedObject } from './s3Xml.ts';
export type Body = Uint8Array<ArrayBuffer> | string;
export type PutOptions = { contentType?: string };

export type GetResult =
  { status: 'found'; body: Uint8Array; etag: string } | { status: 'not-modified'; etag: string } | { status: 'not-found' };
export type HeadResult = { status: 'found'; etag: string; size: number } | { status: 'not-found' };
export type Written = { status: 'written'; etag: string };

export type ObjectStore = {
  readonly address: StoreAddress;
  /** With `ifNoneMatch` (an ETag read before), an unchanged object is `not-modified`, its bytes unsent. */
  get(key: string, options?: { ifNoneMatch?: string }): Promise<GetResult>;
  head(key: string): Promise<HeadResult>;
  put(key: string, body: Body, options?: PutOptions): Promise<Written>;
  /** Creates the object only if the key is absent (`If-None-Match: *`): of racing creators one is written. */
  putIfAbsent(key: string, body: Body, options?: PutOptions): Promise<Written | { status: 'exists' }>;
  /** Replaces the object only if it is still the one read with `etag` (`If-Match`): else `changed`. */
  putIfMatch(key: string, body: Body, etag: string, options?: PutOptions): Promise<Written | { status: 'changed' }>;
  /** Every object under `prefix` (relative to the store's), a page of at most `maxKeys` at a time. */
  listPages(prefix?: string, options?: { maxKeys?: number }): AsyncGenerator<ListedObject[]>;
  list(prefix?: string, options?: { maxKeys?: number }): Promise<ListedObject[]>;
  /** Deletes the object; deleting an absent one is no error (S3's own rule). */
  delete(key: string): Promise<void>;
};

export class ObjectStoreError extends Error {
  override name = 'ObjectStoreError';
}

/** The credentials lack `permission` (an IAM action) on `resource` (bucket/key, or the bucket for a list). */
export class AccessDeniedError extends ObjectStoreError {
  override name = 'AccessDeniedError';
  readonly permission: string;
  readonly resource: string;
  constructor(permission: string, resource: string, detail: string) {
    super(`access denied: these credentials lack ${permission} on ${resource} (${detail})`);
    this.permission = permission;
    this.resource = resource;
  }
}

/** Nothing answered: the connection failed, or no answer came within the timeout. */
export class UnreachableError extends ObjectStoreError {
  override name = 'UnreachableError';
  readonly endpoint: string;
  constructor(endpoint: string, message: string, cause: unknown) {
    super(message, { cause });
    this.endpoint = endpoint;
  }
}

/** Any other refusal: S3's error code and message from the body (or `HTTP <status>` when it had none). */
export class S3ResponseError extends ObjectStoreError {
  override name = 'S3ResponseError';
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string, what: string) {
    super(`${what} failed: ${status} ${code}${message ? `: ${message}` : ''}`);
    this.status = status;
    this.code = code;
  }
}

type Operation = {
  /** The IAM action the request needs, named when it is refused. */
  permission: string;
  method: string;
  key?: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Body;
};
type Answer = { status: number; headers: Headers; body: Uint8Array; code?: string; fail: () => ObjectStoreError };

const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
const text = new TextDecoder();
// Ceph 16.2's gateway matches PutObject's If-Match only against the ETag without its quotes; S3 and R2 take it
// with or without (AWS's own Java SDK v1 sends it bare): so it is sent bare everywhere, one request, one meaning.
const unquoted = (etag: string) => etag.replace(/^(W\/)?"(.*)"$/, '$2');

const fullKey = (prefix: string, key: string) => {
  if (!key || key.startsWith('/')) throw new Error(`"${key}" is not an object's key (empty, or starting with /)`);
  return `${prefix}${key}`;
};

/** Sends one signed request and reads its whole answer, both within the timeout; never retries. */
async function send(config: StoreConfig, { bucket, prefix }: StoreAddress, operation: Operation): Promise<Answer> {
  const { permission, method, key, query, headers = {}, body } = operation;
  const resource = key === undefined ? `${bucket} (prefix ${query?.prefix ?? ''})` : `${bucket}/${fullKey(prefix, key)}`;
  const url = new URL(`${config.endpoint}/${bucket}${key === undefined ? '' : `/${encodeKey(fullKey(prefix, key))}`}`);
  for (const [name, value] of Object.entries(query ?? {})) url.searchParams.set(name, value);
  const signed = await new AwsV4Signer({
    method,
    url: url.toString(),
    headers,
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    ...(config.sessionToken ? { sessionToken: config.sessionToken } : {}),
    service: 's3',
    region: config.region,
  }).sign();
  const what = `${method} ${resource}`;
  let response: Response;
  let bytes: Uint8Array;
  try {
    response = await fetch(signed.url, {
      method,
      headers: signed.headers,
      body: body ?? null,
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    bytes = new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    const why =
      (error as Error).name === 'TimeoutError'
        ? `gave no answer within ${config.timeoutMs} ms`
        : `cannot be reached (${cause?.code ?? cause?.message ?? String(error)})`;
    throw new UnreachableError(config.endpoint, `the object store at ${config.endpoint} ${why}: ${what}`, error);
  }
  const error = response.status >= 300 && bytes.length ? parseErrorBody(text.decode(bytes)) : undefined;
  const fail = () =>
    // A HEAD's refusal has no body to name its code: a bare 403 is taken as AccessDenied.
    response.status === 403 && (!error || error.code === 'AccessDenied')
      ? new AccessDeniedError(permission, resource, error ? `${error.code}: ${error.message}` : 'HTTP 403')
      : new S3ResponseError(response.status, error?.code ?? `HTTP ${response.status}`, error?.message ?? '', what);
  return { status: response.status, headers: response.headers, body: bytes, ...(error ? { code: error.code } : {}), fail };
}

type Send = (operation: Operation) => Promise<Answer>;

const isNoSuchKey = (answer: Answer) => answer.status === 404 && (answer.code ?? 'NoSuchKey') === 'NoSuchKey';
const etagOf = (answer: Answer) => answer.headers.get('etag') ?? '';

/** A PUT: the object written, or nothing when its condition did not hold. */
async function write(send: Send, key: string, body: Body, options: PutOptions, condition: Record<string, string>) {
  const headers = { 'content-type': options.contentType ?? 'application/octet-stream', ...condition };
  const conditional = 'if-none-match' in condition || 'if-match' in condition;
  let answer = await send({ permission: 's3:PutObject', method: 'PUT', key, headers, body });
  // Ceph 16.2 answers the loser of two racing If-Match writes 500 (ECANCELED), not 412. The condition makes a
  // second try safe: it meets the winner's ETag and is told 412, so a 500 to a conditional write is tried again once.
  if (conditional && answer.status === 500) answer = await send({ permission: 's3:PutObject', method: 'PUT', key, headers, body });
  if (answer.status === 200) return { status: 'written', etag: etagOf(answer) } satisfies Written;
  // 409 ConditionalRequestConflict is AWS's word for a conditional write racing another: like a 412, re-read.
  // An If-Match on a key deleted since it was read meets 404 NoSuchKey on AWS: the object changed too.
  const lost =
    answer.status === 412 ||
    (answer.status === 409 && answer.code === 'ConditionalRequestConflict') ||
    ('if-match' in condition && isNoSuchKey(answer));
  if (conditional && lost) return undefined;
  throw answer.fail();
}

async function* listPages(send: Send, prefix: string, under = '', options: { maxKeys?: number } = {}): AsyncGenerator<ListedObject[]> {
  let token: string | undefined;
  do {
    const query: Record<string, string> = { 'list-type': '2', prefix: `${prefix}${under}` };
    if (options.maxKeys) query['max-keys'] = String(options.maxKeys);
    if (token) query['continuation-token'] = token;
    const answer = await send({ permission: 's3:ListBucket', method: 'GET', query });
    if (answer.status !== 200) throw answer.fail();
    const page = parseListPage(text.decode(answer.body));
    yield page.objects.map((object) => ({ ...object, key: object.key.slice(prefix.length) }));
    token = page.nextContinuationToken;
  } while (token);
}

export function createObjectStore(config: StoreConfig, address: StoreAddress): ObjectStore {
  const sent: Send = (operation) => send(config, address, operation);
  const pages = (under?: string, options?: { maxKeys?: number }) => listPages(sent, address.prefix, under, options);
  return {
    address,
    async get(key, options = {}) {
      const headers: Record<string, string> = options.ifNoneMatch ? { 'if-none-match': options.ifNoneMatch } : {};
      const answer = await sent({ permission: 's3:GetObject', method: 'GET', key, headers });
      if (answer.status === 200) return { status: 'found', body: answer.body, etag: etagOf(answer) };
      if (answer.status === 304) return { status: 'not-modified', etag: etagOf(answer) || (options.ifNoneMatch ?? '') };
      if (isNoSuchKey(answer)) return { status: 'not-found' };
      throw answer.fail();
    },
    async head(key) {
      const answer = await sent({ permission: 's3:GetObject', method: 'HEAD', key });
      if (answer.status === 200) return { status: 'found', etag: etagOf(answer), size: Number(answer.headers.get('content-length') ?? 0) };
      if (answer.status === 404) return { status: 'not-found' };
      throw answer.fail();
    },
    // Unconditional, so never `undefined`: any refusal was thrown.
    put: async (key, body, options = {}) => (await write(sent, key, body, options, {})) as Written,
    putIfAbsent: async (key, body, options = {}) =>
      (await write(sent, key, body, options, { 'if-none-match': '*' })) ?? { status: 'exists' },
    putIfMatch: async (key, body, etag, options = {}) =>
      (await write(sent, key, body, options, { 'if-match': unquoted(etag) })) ?? { status: 'changed' },
    listPages: pages,
    async list(under, options) {
      const objects: ListedObject[] = [];
      for await (const page of pages(under, options)) objects.push(...page);
      return objects;
    },
    async delete(key) {
      const answer = await sent({ permission: 's3:DeleteObject', method: 'DELETE', key });
      if (answer.status !== 204 && answer.status !== 200 && !isNoSuchKey(answer)) throw answer.fail();
    },
  };
}
