import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress, type AddressPolicy } from './address-check';
import { fetchUrl } from './fetch-url';
import { appErrorOf } from '../../../../tests/support/app-error';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><title>Events</title><body><p>Hello</p></body></html>');
    } else if (path.startsWith('/redirect-to?')) {
      res.writeHead(302, { location: decodeURIComponent(path.slice('/redirect-to?'.length)) });
      res.end();
    } else if (path.startsWith('/loop')) {
      res.writeHead(301, { location: `/loop${Number(path.slice(5) || 0) + 1}` });
      res.end();
    } else if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('x'.repeat(300_000));
    } else if (path === '/slow') {
      setTimeout(() => res.end('late'), 3_000).unref();
    } else {
      res.writeHead(404);
      res.end('missing');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Loopback 127.0.0.1 stands in for "the public internet" here; everything else is refused. */
const onlyTestServer: AddressPolicy = (address) => address === '127.0.0.1';

const fetchWith = (
  url: string,
  policy: AddressPolicy = onlyTestServer,
  extra: Partial<Parameters<typeof fetchUrl>[0]> = {},
) =>
  fetchUrl({
    url,
    isAllowedAddress: policy,
    timeoutMs: 2_000,
    maxBytes: 100_000,
    maxRedirects: 5,
    ...extra,
  });

describe('fetchUrl', () => {
  it('fetches a page with its content type', async () => {
    const page = await fetchWith(`http://127.0.0.1:${port}/page`);
    expect(new TextDecoder().decode(page.bytes)).toContain('<title>Events</title>');
    expect(page.contentType).toBe('text/html; charset=utf-8');
    expect(page.finalUrl).toBe(`http://127.0.0.1:${port}/page`);
  });

  it.each([
    ['a literal loopback address', 'http://127.0.0.1:{port}/page'],
    ['a name that resolves to loopback', 'http://localhost:{port}/page'],
    ['IPv6 loopback', 'http://[::1]:{port}/page'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]:{port}/page'],
    ['a decimal IPv4 address', 'http://2130706433:{port}/page'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['a private address', 'http://10.0.0.1/'],
  ])('refuses %s with the public-address policy', async (_name, template) => {
    const error = await appErrorOf(
      fetchWith(template.replace('{port}', String(port)), isPublicAddress),
    );
    expect(error.code).toBe('URL_NOT_ALLOWED');
    expect(error.message).toMatch(
      /^Failed to extract content from URL: .* private, local or reserved address/,
    );
  });

  it.each([
    ['ftp://example.com/file.csv', 'only http and https'],
    ['file:///etc/passwd', 'only http and https'],
    ['http://user:secret@example.com/', 'user name or password'],
    ['not a url', 'not a valid web address'],
  ])('refuses %s', async (url, reason) => {
    const error = await appErrorOf(fetchWith(url, isPublicAddress));
    expect(error.code).toBe('URL_INVALID');
    expect(error.message).toContain(reason);
  });

  it('checks every redirect again', async () => {
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.2/',
      'http://[::1]/',
    ]) {
      const error = await appErrorOf(
        fetchWith(`http://127.0.0.1:${port}/redirect-to?${encodeURIComponent(target)}`),
      );
      expect(error.code).toBe('URL_NOT_ALLOWED');
    }
    const followed = await fetchWith(
      `http://127.0.0.1:${port}/redirect-to?${encodeURIComponent(`http://localhost:${port}/page`)}`,
    );
    expect(followed.finalUrl).toBe(`http://localhost:${port}/page`);
  });

  it('stops after 5 redirects', async () => {
    const error = await appErrorOf(fetchWith(`http://127.0.0.1:${port}/loop`));
    expect(error.message).toBe('Failed to extract content from URL: more than 5 redirects.');
  });

  it('reports an error status with its text', async () => {
    const error = await appErrorOf(fetchWith(`http://127.0.0.1:${port}/missing`));
    expect(error.code).toBe('WEBPAGE_FETCH_FAILED');
    expect(error.message).toBe('Failed to extract webpage content: 404 Not Found');
  });

  it('refuses a page over the size limit', async () => {
    const error = await appErrorOf(fetchWith(`http://127.0.0.1:${port}/big`));
    expect(error.message).toMatch(/larger than/);
  });

  it('gives up on a page that does not answer in time', async () => {
    const error = await appErrorOf(
      fetchWith(`http://127.0.0.1:${port}/slow`, onlyTestServer, { timeoutMs: 300 }),
    );
    expect(error.code).toBe('URL_FETCH_FAILED');
    expect(error.message).toContain('did not answer within');
  });
});
