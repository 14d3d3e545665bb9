/** The store against a real Ceph gateway (testing/s3Gateway.ts), started once for these tests. */
import net from 'node:net';
import { AccessDeniedError, createObjectStore, S3ResponseError, UnreachableError, type ObjectStore } from './objectStore.ts';
import { parseStoreAddress } from './storeConfig.ts';
import { gatewaySkipReason, startTestGateway, type TestGateway } from '../testing/s3Gateway.ts';

const BUCKET = 'maison-store-test';
const PREFIX = 'envs/prod/';
const skipped = gatewaySkipReason();
if (skipped) console.warn(`[store] the object store's tests are skipped: ${skipped}`);

const text = (body: Uint8Array) => new TextDecoder().decode(body);
const statuses = (results: { status: string }[]) => results.map(({ status }) => status).sort();

(skipped ? describe.skip : describe)('the object store, on a real Ceph gateway', () => {
  let gateway: TestGateway;
  let store: ObjectStore;
  beforeAll(async () => {
    gateway = await startTestGateway();
    await gateway.createBucket(BUCKET);
    store = createObjectStore(gateway.config, parseStoreAddress(`s3://${BUCKET}/${PREFIX}`));
  }, 300_000);
  afterAll(() => gateway?.stop(), 60_000);

  it('gives back what was put, with its ETag, and says when a key is absent', async () => {
    const written = await store.put('remotes.json', '{"cart":"1.2.0"}', { contentType: 'application/json' });
    expect(written).toEqual({ status: 'written', etag: expect.stringMatching(/^"[0-9a-f]{32}"$/) });
    const read = await store.get('remotes.json');
    expect(read).toEqual({ status: 'found', body: expect.any(Uint8Array), etag: written.etag });
    expect(read.status === 'found' && text(read.body)).toBe('{"cart":"1.2.0"}');
    expect(await store.head('remotes.json')).toEqual({ status: 'found', etag: written.etag, size: 16 });
    expect(await store.get('no-such-file')).toEqual({ status: 'not-found' });
    expect(await store.head('no-such-file')).toEqual({ status: 'not-found' });
  });

  it('answers a get with the ETag already read as not modified, and a stale one with the object', async () => {
    const { etag } = await store.put('rollout.json', '{"share":5}');
    expect(await store.get('rollout.json', { ifNoneMatch: etag })).toEqual({ status: 'not-modified', etag });
    const { etag: newer } = await store.put('rollout.json', '{"share":25}');
    expect(await store.get('rollout.json', { ifNoneMatch: etag })).toMatchObject({ status: 'found', etag: newer });
  });

  it('creates a key once: of 8 racing creators exactly one is written, the others told it exists', async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.putIfAbsent('generations/g1/manifest.json', `creator ${i}`)),
    );
    expect(statuses(results)).toEqual(['exists', 'exists', 'exists', 'exists', 'exists', 'exists', 'exists', 'written']);
    const winner = results.findIndex(({ status }) => status === 'written');
    const read = await store.get('generations/g1/manifest.json');
    expect(read.status === 'found' && text(read.body)).toBe(`creator ${winner}`);
    expect(await store.putIfAbsent('generations/g1/manifest.json', 'late')).toEqual({ status: 'exists' });
  });

  it('replaces only what was read: the right ETag writes, a stale one is told the object changed', async () => {
    const first = await store.put('current', 'g1');
    const second = await store.putIfMatch('current', 'g2', first.etag);
    expect(second).toEqual({ status: 'written', etag: expect.any(String) });
    expect(await store.putIfMatch('current', 'g3', first.etag)).toEqual({ status: 'changed' });
    await store.delete('current');
    expect(await store.putIfMatch('current', 'g4', first.etag)).toEqual({ status: 'changed' });
    expect(await store.get('current')).toEqual({ status: 'not-found' });
  });

  it('lets one of two writers replacing the same ETag win, round after round', async () => {
    let { etag } = await store.put('lease.json', 'round 0');
    for (let round = 1; round <= 10; round++) {
      const results = await Promise.all(['a', 'b'].map((who) => store.putIfMatch('lease.json', `round ${round} ${who}`, etag)));
      expect(statuses(results)).toEqual(['changed', 'written']);
      const winner = results.find((result) => result.status === 'written');
      const read = await store.get('lease.json');
      expect(read.status === 'found' && read.etag).toBe(winner?.status === 'written' && winner.etag);
      etag = read.status === 'found' ? read.etag : '';
    }
  });

  it('lists every key under a prefix, page after page, relative to the store', async () => {
    await Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => store.put(`journal/${name}.jsonl`, name)));
    await store.put('journalist.txt', 'not under journal/');
    const pages: string[][] = [];
    for await (const page of store.listPages('journal/', { maxKeys: 2 })) pages.push(page.map(({ key }) => key));
    expect(pages).toEqual([['journal/a.jsonl', 'journal/b.jsonl'], ['journal/c.jsonl', 'journal/d.jsonl'], ['journal/e.jsonl']]);
    expect(await store.list('journal/', { maxKeys: 3 })).toHaveLength(5);
    expect((await store.list('journal/'))[0]).toEqual({
      key: 'journal/a.jsonl',
      etag: expect.any(String),
      size: 1,
      lastModified: expect.any(String),
    });
  });

  it('deletes, and deleting what is gone is no error', async () => {
    await store.put('to-delete', 'x');
    await store.delete('to-delete');
    expect(await store.get('to-delete')).toEqual({ status: 'not-found' });
    await expect(store.delete('to-delete')).resolves.toBeUndefined();
  });

  // The key policies of docs/operations.md ("What an object store must support"), as a bucket policy for Ceph's users.
  const grant = (uid: string, objectActions: string[]) => [
    {
      Effect: 'Allow',
      Principal: { AWS: [`arn:aws:iam:::user/${uid}`] },
      Action: objectActions,
      Resource: [`arn:aws:s3:::${BUCKET}/${PREFIX}*`],
    },
    {
      Effect: 'Allow',
      Principal: { AWS: [`arn:aws:iam:::user/${uid}`] },
      Action: ['s3:ListBucket'],
      Resource: [`arn:aws:s3:::${BUCKET}`],
      Condition: { StringLike: { 's3:prefix': [`${PREFIX}*`] } },
    },
  ];

  it("names the permission a read-only user's write lacks, and a publisher's policy lets it write its prefix only", async () => {
    const [answerer, publisher] = await Promise.all([gateway.createUser('answerer'), gateway.createUser('publisher')]);
    await gateway.putBucketPolicy(BUCKET, {
      Version: '2012-10-17',
      Statement: [...grant('answerer', ['s3:GetObject']), ...grant('publisher', ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'])],
    });
    await store.put('readable.json', '{}');
    const readOnly = createObjectStore({ ...gateway.config, ...answerer }, store.address);
    expect(await readOnly.get('readable.json')).toMatchObject({ status: 'found' });
    expect(await readOnly.list()).not.toHaveLength(0);
    const refusal = readOnly.putIfAbsent('forbidden.json', '{}');
    await expect(refusal).rejects.toBeInstanceOf(AccessDeniedError);
    await expect(refusal).rejects.toThrow(`access denied: these credentials lack s3:PutObject on ${BUCKET}/${PREFIX}forbidden.json`);
    await expect(readOnly.delete('readable.json')).rejects.toMatchObject({ permission: 's3:DeleteObject' });
    const elsewhere = createObjectStore({ ...gateway.config, ...answerer }, parseStoreAddress(`s3://${BUCKET}/envs/staging`));
    await expect(elsewhere.get('remotes.json')).rejects.toMatchObject({ permission: 's3:GetObject' });
    await expect(elsewhere.list()).rejects.toMatchObject({ permission: 's3:ListBucket', resource: `${BUCKET} (prefix envs/staging/)` });

    const publishing = createObjectStore({ ...gateway.config, ...publisher }, store.address);
    const read = await publishing.get('readable.json');
    expect(await publishing.putIfMatch('readable.json', '{"v":2}', read.status === 'found' ? read.etag : '')).toMatchObject({
      status: 'written',
    });
    expect(await publishing.putIfAbsent('published.json', '{}')).toMatchObject({ status: 'written' });
    await publishing.delete('published.json');
    const publishingElsewhere = createObjectStore({ ...gateway.config, ...publisher }, parseStoreAddress(`s3://${BUCKET}/envs/staging`));
    await expect(publishingElsewhere.put('remotes.json', '{}')).rejects.toMatchObject({ permission: 's3:PutObject' });
  });

  it("gives S3's error code and message for other refusals", async () => {
    const missing = createObjectStore(gateway.config, parseStoreAddress('s3://no-such-bucket/envs'));
    const refusal = missing.get('remotes.json');
    await expect(refusal).rejects.toBeInstanceOf(S3ResponseError);
    await expect(refusal).rejects.toMatchObject({ status: 404, code: 'NoSuchBucket' });
  });
});

describe('an object store nothing answers', () => {
  const config = { region: 'us-east-1', accessKeyId: 'AK', secretAccessKey: 'SK', timeoutMs: 500 };
  const address = parseStoreAddress('s3://bucket/envs/prod');

  it('is unreachable at once when nothing listens on its port', async () => {
    const port = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const started = Date.now();
    // A timeout far above the bound below: the refusal must come from the connection, not the clock.
    const refusal = createObjectStore({ ...config, endpoint: `http://127.0.0.1:${port}`, timeoutMs: 10_000 }, address).get('remotes.json');
    await expect(refusal).rejects.toBeInstanceOf(UnreachableError);
    await expect(refusal).rejects.toThrow(`the object store at http://127.0.0.1:${port} cannot be reached (ECONNREFUSED)`);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('is unreachable after its timeout when the port accepts and never answers', async () => {
    const sockets: net.Socket[] = [];
    const server = net.createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      const refusal = createObjectStore({ ...config, endpoint: `http://127.0.0.1:${port}` }, address).put('x', 'y');
      await expect(refusal).rejects.toThrow(/gave no answer within 500 ms: PUT bucket\/envs\/prod\/x$/);
    } finally {
      sockets.forEach((socket) => socket.destroy());
      server.close();
    }
  });
});
