/** Bodies as sent: bytes, strong ETag, and compressed forms made once and kept with the body. */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

export type Encoding = 'br' | 'gzip';

export interface Body {
  bytes: Buffer;
  type: string;
  /** None for a body made for one answer (a not-found page showing the path, an error). */
  etag?: string;
  encoded?: Map<Encoding, Promise<Buffer>>;
}

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  cjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
};

export function typeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > -1 && TYPES[name.slice(dot + 1).toLowerCase()]) || 'application/octet-stream';
}

export const compressible = ({ bytes, type }: Pick<Body, 'bytes' | 'type'>) =>
  bytes.length >= 1024 && /^(text\/|application\/(json|xml)|image\/svg)/.test(type);

/** A body that is sent again and again (a build's file, a page): it gets an ETag, and keeps its compressed forms. */
export function bodyOf(bytes: Buffer, type: string): Body {
  const etag = `"${createHash('sha1').update(bytes).digest('base64url').slice(0, 22)}"`;
  return { bytes, type, etag, ...(compressible({ bytes, type }) ? { encoded: new Map() } : {}) };
}

export const onceBody = (text: string, type: string): Body => ({ bytes: Buffer.from(text), type });

export function encodingFor(body: Pick<Body, 'bytes' | 'type'>, acceptEncoding: string | null): Encoding | undefined {
  if (!acceptEncoding || !compressible(body)) return undefined;
  const accepted = acceptEncoding.split(',').flatMap((part) => {
    const [name = '', quality = ''] = part.split(';');
    return /^\s*q=0(\.0*)?\s*$/.test(quality) ? [] : [name.trim().toLowerCase()];
  });
  return (['br', 'gzip'] as const).find((encoding) => accepted.includes(encoding));
}

const compress = (bytes: Buffer, encoding: Encoding) =>
  encoding === 'br'
    ? brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } })
    : gzipped(bytes, { level: 6 });

/** The body in `encoding`, with its own ETag: kept with it when it can be kept, made afresh otherwise. */
export async function encoded(body: Body, encoding: Encoding): Promise<Body> {
  const made = body.encoded?.get(encoding) ?? compress(body.bytes, encoding);
  body.encoded?.set(encoding, made);
  return { bytes: await made, type: body.type, ...(body.etag ? { etag: `${body.etag.slice(0, -1)}-${encoding}"` } : {}) };
}
