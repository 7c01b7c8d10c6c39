import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './fake-s3-server';
import { verifySigV4 } from './fake-s3/sigv4';

const OPTIONS = { bucket: 'bucket', accessKeyId: 'AKIDFAKE', secretAccessKey: 'secret-key' };
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

let fake: FakeS3;
beforeAll(async () => {
  fake = await startFakeS3({ ...OPTIONS, pageSize: 2 });
});
afterAll(() => fake.close());

const client = (overrides: Partial<ConstructorParameters<typeof AwsClient>[0]> = {}) =>
  new AwsClient({ ...OPTIONS, service: 's3', region: 'us-east-1', retries: 0, ...overrides });

/** `20240101T000000Z` for a moment `offsetMs` from now. */
const amzDate = (offsetMs: number) =>
  new Date(Date.now() + offsetMs).toISOString().replace(/[:-]|\.\d{3}/g, '');

async function answer(response: Response) {
  const text = await response.text();
  return { status: response.status, code: /<Code>([^<]*)<\/Code>/.exec(text)?.[1], text };
}

describe('the fake S3 server', () => {
  it('refuses an unsigned request', async () => {
    const result = await answer(await fetch(`${fake.url}/bucket/x.json`));
    expect(result).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(result.text).toContain('<Error><Code>AccessDenied</Code><Message>');
  });

  it('accepts requests signed by aws4fetch: put, get, head, list, delete', async () => {
    const s3 = client();
    const put = await s3.fetch(`${fake.url}/bucket/dir/a.json`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(put.status).toBe(200);
    const get = await s3.fetch(`${fake.url}/bucket/dir/a.json`);
    expect(get.headers.get('content-type')).toBe('application/json');
    expect(await get.text()).toBe('{"a":1}');
    const head = await s3.fetch(`${fake.url}/bucket/dir/a.json`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe('7');
    const list = await s3.fetch(`${fake.url}/bucket?list-type=2&prefix=dir%2F`);
    expect(await list.text()).toContain('<Key>dir/a.json</Key>');
    expect((await s3.fetch(`${fake.url}/bucket/dir/a.json`, { method: 'DELETE' })).status).toBe(
      204,
    );
    expect((await answer(await s3.fetch(`${fake.url}/bucket/dir/a.json`))).code).toBe('NoSuchKey');
  });

  it('checks the payload hash when it is signed', async () => {
    const request = await client().sign(`${fake.url}/bucket/hash.json`, {
      method: 'PUT',
      headers: { 'x-amz-content-sha256': EMPTY_SHA256 },
      body: 'not empty',
    });
    expect(await answer(await fetch(request))).toMatchObject({
      status: 400,
      code: 'XAmzContentSHA256Mismatch',
    });
    expect(fake.objects.has('hash.json')).toBe(false);
  });

  it('refuses a tampered signature, path or header', async () => {
    const signed = await client().sign(`${fake.url}/bucket/x.json`);
    const auth = signed.headers.get('authorization') ?? '';
    const flipped = auth.slice(0, -1) + (auth.endsWith('0') ? '1' : '0');
    const tampered = new Headers(signed.headers);
    tampered.set('authorization', flipped);
    const refused = await answer(await fetch(signed.url, { headers: tampered }));
    expect(refused).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });

    const otherPath = await fetch(`${fake.url}/bucket/y.json`, { headers: signed.headers });
    expect((await answer(otherPath)).code).toBe('SignatureDoesNotMatch');

    const extra = new Headers(signed.headers);
    extra.set('x-amz-meta-owner', 'someone');
    expect((await answer(await fetch(signed.url, { headers: extra }))).code).toBe('AccessDenied');
  });

  it('refuses a wrong secret, an unknown key id and a wrong region', async () => {
    const url = `${fake.url}/bucket/x.json`;
    const wrongSecret = await client({ secretAccessKey: 'nope' }).fetch(url);
    expect(await answer(wrongSecret)).toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    const unknownKey = await client({ accessKeyId: 'AKIDOTHER' }).fetch(url);
    expect(await answer(unknownKey)).toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    const wrongRegion = await client({ region: 'eu-west-1' }).fetch(url);
    expect(await answer(wrongRegion)).toMatchObject({
      status: 400,
      code: 'AuthorizationHeaderMalformed',
    });
  });

  it('refuses a date more than 15 minutes off, and accepts one 10 minutes off', async () => {
    const url = `${fake.url}/bucket/x.json`;
    for (const offset of [-16 * 60_000, 16 * 60_000]) {
      const response = await client().fetch(url, { aws: { datetime: amzDate(offset) } });
      expect(await answer(response)).toMatchObject({ status: 403, code: 'RequestTimeTooSkewed' });
    }
    const close = await client().fetch(url, { aws: { datetime: amzDate(-10 * 60_000) } });
    expect((await answer(close)).code).toBe('NoSuchKey');
  });

  it('honours If-None-Match: * and answers 412 when the key exists', async () => {
    const s3 = client();
    const put = (body: string) =>
      s3.fetch(`${fake.url}/bucket/once.json`, {
        method: 'PUT',
        headers: { 'if-none-match': '*' },
        body,
      });
    expect((await put('first')).status).toBe(200);
    expect(await answer(await put('second'))).toMatchObject({
      status: 412,
      code: 'PreconditionFailed',
    });
    expect(fake.objects.get('once.json')?.body.toString()).toBe('first');
  });

  it('pages a listing with max-keys and continuation tokens', async () => {
    const s3 = client();
    for (const name of ['p/1', 'p/2', 'p/3']) {
      await s3.fetch(`${fake.url}/bucket/${name}`, { method: 'PUT', body: name });
    }
    const first = await (await s3.fetch(`${fake.url}/bucket?list-type=2&prefix=p%2F`)).text();
    expect(first).toContain('<KeyCount>2</KeyCount><MaxKeys>1000</MaxKeys>');
    expect(first).toContain('<IsTruncated>true</IsTruncated>');
    const token = /<NextContinuationToken>([^<]*)</.exec(first)?.[1] ?? '';
    const url = new URL(`${fake.url}/bucket?list-type=2&prefix=p%2F&max-keys=1`);
    url.searchParams.set('continuation-token', token);
    const second = await (await s3.fetch(url)).text();
    expect(second).toContain('<Key>p/3</Key>');
    expect(second).toContain('<IsTruncated>false</IsTruncated>');
    expect(second).not.toContain('NextContinuationToken');
  });

  it('answers NoSuchBucket for another bucket, and injected failures once', async () => {
    const s3 = client();
    expect(await answer(await s3.fetch(`${fake.url}/other/x.json`))).toMatchObject({
      status: 404,
      code: 'NoSuchBucket',
    });
    fake.failNext(503, 'SlowDown');
    expect(await answer(await s3.fetch(`${fake.url}/bucket/x.json`))).toMatchObject({
      status: 503,
      code: 'SlowDown',
    });
    expect((await answer(await s3.fetch(`${fake.url}/bucket/x.json`))).code).toBe('NoSuchKey');
    expect(fake.requests.at(-1)).toEqual({ method: 'GET', path: '/bucket/x.json', query: '' });
  });
});

describe('verifySigV4', () => {
  // The GET Object example of AWS's "Signature Calculations for the Authorization Header".
  const example = {
    method: 'GET',
    target: '/test.txt',
    headers: {
      host: ['examplebucket.s3.amazonaws.com'],
      range: ['bytes=0-9'],
      'x-amz-content-sha256': [EMPTY_SHA256],
      'x-amz-date': ['20130524T000000Z'],
      authorization: [
        'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
      ],
    },
    body: Buffer.alloc(0),
  };
  const options = {
    credentials: new Map([['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY']]),
    region: 'us-east-1',
    now: new Date('2013-05-24T00:05:00Z'),
  };

  it("accepts AWS's documented example", () => {
    expect(verifySigV4(example, options)).toBeUndefined();
  });

  it('refuses the example with a changed range header', () => {
    const changed = { ...example, headers: { ...example.headers, range: ['bytes=0-10'] } };
    expect(verifySigV4(changed, options)).toMatchObject({ code: 'SignatureDoesNotMatch' });
  });
});
