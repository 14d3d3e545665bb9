/**
 * The two XML bodies the store reads: ListObjectsV2's result and an error. Their shapes are flat
 * and fixed, so a few patterns read them, where an XML parser would be a dependency in workerd too.
 */

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

export const decodeXml = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });

/** The text inside each `<tag>…</tag>` of `xml` (none of the tags read here nests in itself). */
const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map(([, inner = '']) => inner);
const first = (xml: string, tag: string) => {
  const [inner] = all(xml, tag);
  return inner === undefined ? undefined : decodeXml(inner);
};

export type ListedObject = { key: string; etag: string; size: number; lastModified: string };
export type ListPage = { objects: ListedObject[]; nextContinuationToken?: string };

export function parseListPage(xml: string): ListPage {
  if (!xml.includes('<ListBucketResult')) throw new Error(`not a ListObjectsV2 result: ${xml.slice(0, 200)}`);
  const objects = all(xml, 'Contents').map((entry) => ({
    key: first(entry, 'Key') ?? '',
    etag: first(entry, 'ETag') ?? '',
    size: Number(first(entry, 'Size') ?? 0),
    lastModified: first(entry, 'LastModified') ?? '',
  }));
  const truncated = first(xml, 'IsTruncated') === 'true';
  const token = first(xml, 'NextContinuationToken');
  if (truncated && !token) throw new Error('a ListObjectsV2 result is truncated but gives no NextContinuationToken');
  return truncated && token ? { objects, nextContinuationToken: token } : { objects };
}

/** S3's `<Error><Code>…</Code><Message>…</Message></Error>`, or nothing for a body that is not one. */
export function parseErrorBody(xml: string): { code: string; message: string } | undefined {
  if (!xml.includes('<Error')) return undefined;
  const code = first(xml, 'Code');
  return code ? { code, message: first(xml, 'Message') ?? '' } : undefined;
}
