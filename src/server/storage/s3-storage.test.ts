import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appErrorOf } from '../../../tests/support/app-error';
import { startFakeS3, type FakeS3 } from '../../../tests/support/fake-s3-server';
import { describeFileStorageContract } from './file-storage.contract';
import { bucketUrl, createS3Storage, type S3StorageOptions } from './s3-storage';

const CREDENTIALS = {
  bucket: 'rowsmith-results',
  accessKeyId: 'AKIATESTEXAMPLE',
  secretAccessKey: 'test-secret/with+odd=chars',
};
const json = (text: string) => new TextEncoder().encode(text);

function storageFor(fake: FakeS3, overrides: Partial<S3StorageOptions> = {}) {
  return createS3Storage({
    ...CREDENTIALS,
    region: 'us-east-1',
    endpoint: fake.url,
    forcePathStyle: true,
    ...overrides,
  });
}

describeFileStorageContract('s3', async () => {
  const fake = await startFakeS3(CREDENTIALS);
  return {
    storage: storageFor(fake),
    snapshot: () => Promise.resolve({ requests: fake.requests.length, keys: fake.keys() }),
    cleanup: () => fake.close(),
  };
});

describe('createS3Storage against a fake S3', () => {
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startFakeS3({ ...CREDENTIALS, region: 'eu-west-3', pageSize: 2 });
  });
  afterAll(() => fake.close());
  const storage = () => storageFor(fake, { region: 'eu-west-3' });

  it('puts objects path-style, with their content type, and reads them back', async () => {
    const s3 = storage();
    expect(s3.driver).toBe('s3');
    await s3.create('user-a/a_b-c.d.json', json('{"ok":1}'), 'application/json');
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'PUT',
      path: '/rowsmith-results/user-a/a_b-c.d.json',
    });
    expect(fake.objects.get('user-a/a_b-c.d.json')?.contentType).toBe('application/json');
    expect(await s3.read('user-a/a_b-c.d.json')).toEqual(json('{"ok":1}'));
  });

  it('follows continuation tokens until the listing is complete', async () => {
    const s3 = storage();
    const keys = ['p/1.json', 'p/2.json', 'p/3.json', 'p/4.json', 'p/5.json'];
    for (const key of keys) await s3.create(key, json(key), 'application/json');
    const before = fake.requests.length;
    expect(await s3.list('p/')).toEqual(keys);
    expect(fake.requests.slice(before).map((request) => request.method)).toEqual([
      'GET',
      'GET',
      'GET',
    ]);
  });

  it('fails with STORAGE_FAILED and the S3 code when the store answers 503', async () => {
    const s3 = storage();
    fake.failNext(503, 'SlowDown');
    const error = await appErrorOf(s3.read('user-a/x.json'));
    expect(error.code).toBe('STORAGE_FAILED');
    expect(error.message).toBe('File storage is unavailable: S3 503 SlowDown');
    // One failure is not retried and does not stick.
    expect(await s3.read('user-a/x.json')).toBeNull();
  });

  it('retries a write that conflicts with another one in flight', async () => {
    const s3 = storage();
    fake.failNext(409, 'ConditionalRequestConflict');
    await s3.create('user-a/conflict.json', json('1'), 'application/json');
    expect(fake.objects.has('user-a/conflict.json')).toBe(true);

    fake.failNext(409, 'ConditionalRequestConflict', 3);
    const error = await appErrorOf(s3.create('user-a/c2.json', json('2'), 'application/json'));
    expect(error.message).toContain('S3 409 ConditionalRequestConflict');
  });

  it('reports a missing bucket as a failure, not as a missing file', async () => {
    const s3 = storageFor(fake, { region: 'eu-west-3', bucket: 'no-such-bucket' });
    expect((await appErrorOf(s3.read('user-a/x.json'))).message).toContain('NoSuchBucket');
    expect((await appErrorOf(s3.remove(['user-a/x.json']))).message).toContain('NoSuchBucket');
  });

  it('fails with SignatureDoesNotMatch when the secret is wrong', async () => {
    const s3 = storageFor(fake, { region: 'eu-west-3', secretAccessKey: 'wrong' });
    for (const attempt of [
      () => s3.create('user-a/x.json', json('x'), 'application/json'),
      () => s3.read('user-a/x.json'),
      () => s3.list('user-a/'),
      () => s3.remove(['user-a/x.json']),
    ]) {
      const error = await appErrorOf(attempt());
      expect(error.code).toBe('STORAGE_FAILED');
      expect(error.message).toBe('File storage is unavailable: S3 403 SignatureDoesNotMatch');
    }
    expect(fake.objects.has('user-a/x.json')).toBe(false);
  });

  it('fails with InvalidAccessKeyId for an unknown key id, and on a wrong region', async () => {
    const unknown = storageFor(fake, { region: 'eu-west-3', accessKeyId: 'AKIANOBODY' });
    expect((await appErrorOf(unknown.read('a.json'))).message).toContain('403 InvalidAccessKeyId');
    const wrongRegion = storageFor(fake, { region: 'us-east-1' });
    expect((await appErrorOf(wrongRegion.read('a.json'))).message).toContain(
      '400 AuthorizationHeaderMalformed',
    );
  });

  it('fails with STORAGE_FAILED when the store cannot be reached', async () => {
    const closed = await startFakeS3(CREDENTIALS);
    await closed.close();
    const error = await appErrorOf(storageFor(closed).read('user-a/x.json'));
    expect(error.code).toBe('STORAGE_FAILED');
    expect(error.message).toContain('S3 request failed');
  });

  it('uses the fetch it is given', async () => {
    const seen: string[] = [];
    const s3 = storageFor(fake, {
      region: 'eu-west-3',
      fetch: (input, init) => {
        seen.push(input instanceof Request ? `${input.method} ${input.url}` : String(input));
        return fetch(input, init);
      },
    });
    await s3.remove(['user-a/gone.json']);
    expect(seen).toEqual([`DELETE ${fake.url}/rowsmith-results/user-a/gone.json`]);
  });
});

describe('listing more than one default page', () => {
  it('gathers more than 1000 keys over two pages', async () => {
    const fake = await startFakeS3(CREDENTIALS);
    try {
      const object = { body: Buffer.from('x'), contentType: 'text/plain', etag: '"x"' };
      const keys = Array.from(
        { length: 1001 },
        (_, i) => `many/${String(i).padStart(4, '0')}.json`,
      );
      for (const key of keys) fake.objects.set(key, { ...object, lastModified: new Date() });
      expect(await storageFor(fake).list('many/')).toEqual(keys);
      expect(fake.requests.filter((request) => request.query.includes('list-type=2'))).toHaveLength(
        2,
      );
    } finally {
      await fake.close();
    }
  });
});

describe('bucketUrl', () => {
  const base = { ...CREDENTIALS, bucket: 'results', region: 'eu-west-3' };
  it('is virtual-hosted on AWS by default', () => {
    expect(bucketUrl({ ...base, forcePathStyle: false })).toBe(
      'https://results.s3.eu-west-3.amazonaws.com',
    );
    expect(bucketUrl({ ...base, forcePathStyle: true })).toBe(
      'https://s3.eu-west-3.amazonaws.com/results',
    );
  });
  it('puts the bucket in the host or the path of a custom endpoint', () => {
    const endpoint = 'http://minio.local:9000/';
    expect(bucketUrl({ ...base, endpoint, forcePathStyle: false })).toBe(
      'http://results.minio.local:9000',
    );
    expect(bucketUrl({ ...base, endpoint, forcePathStyle: true })).toBe(
      'http://minio.local:9000/results',
    );
    expect(bucketUrl({ ...base, endpoint: 'https://gw.example/s3', forcePathStyle: true })).toBe(
      'https://gw.example/s3/results',
    );
  });
});
