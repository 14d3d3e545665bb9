import { parseErrorBody, parseListPage } from './s3Xml.ts';
import { formatStoreAddress, parseStoreAddress, storeConfigFromEnv } from './storeConfig.ts';

describe("an object store's address", () => {
  it.each([
    ['s3://maison-envs/prod', { bucket: 'maison-envs', prefix: 'prod/' }],
    ['s3://maison-envs/envs/prod/', { bucket: 'maison-envs', prefix: 'envs/prod/' }],
    ['s3://maison-envs', { bucket: 'maison-envs', prefix: '' }],
    ['s3://maison-envs/', { bucket: 'maison-envs', prefix: '' }],
    ['s3://my.bucket-01/x', { bucket: 'my.bucket-01', prefix: 'x/' }],
  ])('%s', (address, parsed) => {
    expect(parseStoreAddress(address)).toEqual(parsed);
    expect(parseStoreAddress(formatStoreAddress(parsed))).toEqual(parsed);
  });

  it.each([
    ['https://maison-envs/prod', 'does not start with s3://'],
    ['s3:/maison-envs/prod', 'does not start with s3://'],
    ['s3:///prod', 'names no bucket'],
    ['s3://Maison/prod', 'names the bucket "Maison", which is not a bucket\'s name'],
    ['s3://ab/prod', 'names the bucket "ab"'],
    ['s3://a..b/prod', 'names the bucket "a..b"'],
    ['s3://maison-envs/prod?x=1', 'has a query or fragment'],
    ['s3://maison-envs/envs//prod', 'has an empty, "." or ".." segment in its prefix "envs//prod"'],
    ['s3://maison-envs/../prod', 'has an empty, "." or ".." segment in its prefix "../prod"'],
  ])('refuses %s, saying why', (address, why) => {
    expect(() => parseStoreAddress(address)).toThrow(`the object store address "${address}" ${why}`);
    expect(() => parseStoreAddress(address)).toThrow(/it must look like s3:\/\/bucket\/prefix$/);
  });
});

describe("the store's configuration, read as the AWS SDKs read it", () => {
  const keys = { AWS_ACCESS_KEY_ID: 'AKID', AWS_SECRET_ACCESS_KEY: 'secret' };

  it('takes AWS_ENDPOINT_URL_S3 before AWS_ENDPOINT_URL, and us-east-1 when no region is set', () => {
    expect(storeConfigFromEnv({ ...keys, AWS_ENDPOINT_URL: 'http://a:1', AWS_ENDPOINT_URL_S3: 'http://s3:2/' })).toEqual({
      endpoint: 'http://s3:2',
      region: 'us-east-1',
      accessKeyId: 'AKID',
      secretAccessKey: 'secret',
      timeoutMs: 10_000,
    });
    expect(storeConfigFromEnv({ ...keys, AWS_ENDPOINT_URL: 'http://a:1', AWS_ENDPOINT_URL_S3: '' }).endpoint).toBe('http://a:1');
  });

  it("falls back on AWS's regional endpoint, and carries a session token", () => {
    const config = storeConfigFromEnv({ ...keys, AWS_REGION: 'eu-west-3', AWS_SESSION_TOKEN: 'token' }, 2_000);
    expect(config).toMatchObject({
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      region: 'eu-west-3',
      sessionToken: 'token',
      timeoutMs: 2_000,
    });
  });

  it('names every variable missing or wrong', () => {
    expect(() => storeConfigFromEnv({ AWS_ENDPOINT_URL_S3: 'not a url', AWS_SECRET_ACCESS_KEY: ' ' })).toThrow(
      'the object store cannot be configured: AWS_ENDPOINT_URL_S3 is not a URL; AWS_ACCESS_KEY_ID is not set; AWS_SECRET_ACCESS_KEY is empty',
    );
  });
});

describe("S3's XML", () => {
  it('reads a page of a list, its keys unescaped, and where the next begins', () => {
    const xml =
      '<ListBucketResult><IsTruncated>true</IsTruncated><Contents><Key>a&amp;b&#x2F;c</Key><ETag>&quot;e1&quot;</ETag>' +
      '<Size>3</Size><LastModified>2026-01-01T00:00:00Z</LastModified></Contents><NextContinuationToken>t+1</NextContinuationToken></ListBucketResult>';
    expect(parseListPage(xml)).toEqual({
      objects: [{ key: 'a&b/c', etag: '"e1"', size: 3, lastModified: '2026-01-01T00:00:00Z' }],
      nextContinuationToken: 't+1',
    });
    expect(() => parseListPage('<Error/>')).toThrow('not a ListObjectsV2 result');
  });

  it('reads an error, or nothing from a body that is not one', () => {
    expect(parseErrorBody('<Error><Code>AccessDenied</Code><Message>No &lt;way&gt;</Message></Error>')).toEqual({
      code: 'AccessDenied',
      message: 'No <way>',
    });
    expect(parseErrorBody('<html>Bad gateway</html>')).toBeUndefined();
  });
});
