import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentJson } from '../../../shared/document';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string } };

/** A fake page-reader service (the operator's own, so it may live on a local address). */
let reader: Server;
let readerUrl: string;
const asked: string[] = [];
/** A page on this machine: private to the server, so nobody may have it read. */
let page: Server;
let pagePort: number;
let withReader: TestApp;
let direct: TestApp;
let privateAllowed: TestApp;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  reader = createServer((req: IncomingMessage, res) => {
    asked.push(decodeURIComponent((req.url ?? '').replace(/^\/read\//, '')));
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('Internal report\n\nSecret: 42\n');
  });
  readerUrl = `http://127.0.0.1:${await listen(reader)}/read/`;
  page = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('Internal report\n\nSecret: 42\n');
  });
  pagePort = await listen(page);
  const database = TEST_DATABASES[0]!;
  const readerSettings = { PAGE_READER_URL: readerUrl, PAGE_READER_API_KEY: 'reader-key' };
  withReader = await createTestApp(database, readerSettings);
  direct = await createTestApp(database);
  privateAllowed = await createTestApp(database, { ...readerSettings, ALLOW_PRIVATE_URLS: 'true' });
});

afterAll(async () => {
  await Promise.all([withReader.close(), direct.close(), privateAllowed.close()]);
  for (const server of [reader, page]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const read = (app: TestApp, url: string) =>
  app.app.request('/api/documents/read', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ url }),
  });

describe('the page reader (PAGE_READER_URL)', () => {
  it.each([
    ['a loopback address', () => `http://127.0.0.1:${pagePort}/report`],
    ['a host name that resolves to loopback', () => `http://localhost:${pagePort}/report`],
    ['an IPv4-mapped loopback address', () => `http://[::ffff:127.0.0.1]:${pagePort}/report`],
    ['cloud metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a private address', () => 'http://10.1.2.3/report'],
    ['another scheme', () => 'file:///etc/passwd'],
  ])('is never asked for %s, refused as a direct fetch is', async (_name, address) => {
    asked.length = 0;
    const viaReader = await read(withReader, address());
    const fetched = await read(direct, address());
    expect(viaReader.status).toBe(fetched.status);
    expect(viaReader.status).toBe(400);
    const refusal = ((await viaReader.json()) as ErrorBody).error;
    const directRefusal = ((await fetched.json()) as ErrorBody).error;
    expect({ code: refusal.code, message: refusal.message }).toEqual({
      code: directRefusal.code,
      message: directRefusal.message,
    });
    expect(refusal.message).toMatch(/^Failed to extract content from URL: /);
    expect(asked).toEqual([]);
  });

  it('follows the same policy as direct fetches: with ALLOW_PRIVATE_URLS the reader is asked', async () => {
    asked.length = 0;
    const response = await read(privateAllowed, `http://localhost:${pagePort}/report`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as DocumentJson).markdown).toContain('Secret: 42');
    expect(asked).toEqual([`http://localhost:${pagePort}/report`]);
  });

  it('forwards the address as parsed, so a lone surrogate cannot break the encoding', async () => {
    asked.length = 0;
    const response = await read(privateAllowed, `http://localhost:${pagePort}/caf\uD800`);
    expect(response.status).toBe(200);
    expect(asked).toEqual([`http://localhost:${pagePort}/caf%EF%BF%BD`]);
  });
});
