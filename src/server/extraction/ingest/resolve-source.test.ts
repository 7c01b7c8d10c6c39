import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReadSettings } from '../read-settings';
import { allowAnyAddress } from './address-check';
import { fetchSource, type InputSource } from './fetch-source';
import { resolveSource as resolveFetched } from './resolve-source';
import { appErrorOf } from '../../../../tests/support/app-error';
import { testReadLimits } from '../../../../tests/support/read-limits';

let server: Server;
let base: string;
const readerRequests: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url?.startsWith('/reader/')) {
      readerRequests.push(req);
      if (req.headers.authorization !== 'Bearer reader-key') {
        res.writeHead(401);
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('Title: Events\n\n| Event | Date |\n| --- | --- |\n| Fair | 2026-04-02 |');
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body><p>Fetched directly</p></body></html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function settings(
  overrides: Partial<ReadSettings['url']> = {},
  sizes: Partial<ReadSettings> = {},
): ReadSettings {
  return {
    limits: testReadLimits({ maxUncompressedBytes: 1e8, maxTableRows: 1e5 }),
    maxUploadBytes: 3 * 1024 * 1024,
    pdfMaxBytes: 1024 * 1024,
    url: {
      isAllowedAddress: allowAnyAddress,
      timeoutMs: 2_000,
      maxBytes: 1e6,
      maxRedirects: 5,
      pageReader: null,
      ...overrides,
    },
    ...sizes,
  };
}

/** Ingest as a read runs it: fetched and size-checked on the web thread, typed in the pool. */
async function resolveSource(source: InputSource, readSettings: ReadSettings) {
  return resolveFetched(await fetchSource(source, readSettings), readSettings);
}

describe('ingest: fetchSource, then resolveSource', () => {
  it('refuses blank text with the SPEC message', async () => {
    const error = await appErrorOf(resolveSource({ kind: 'text', text: ' \n\t ' }, settings()));
    expect(error.message).toBe(
      'No content to process. Please enter some text, paste a URL, or upload a file.',
    );
  });

  it('reads text copied from a spreadsheet (tab-separated) as a table', async () => {
    const resolved = await resolveSource(
      { kind: 'text', text: 'date\tamount\n2026-01-01\t5\n2026-01-02\t7' },
      settings(),
    );
    expect(resolved.detected).toMatchObject({
      reader: 'csv',
      mimeType: 'text/tab-separated-values',
    });
    const prose = await resolveSource(
      { kind: 'text', text: 'Dear team,\nthe invoice is attached.' },
      settings(),
    );
    expect(prose.detected.reader).toBe('text');
  });

  it('checks upload and PDF sizes, and refuses an empty file', async () => {
    const big = await appErrorOf(
      resolveSource(
        { kind: 'file', bytes: new Uint8Array(3_200_000), fileName: 'a.txt', mimeType: null },
        settings(),
      ),
    );
    expect(big.code).toBe('FILE_TOO_LARGE');
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('x'.repeat(50));
    const padded = new Uint8Array(1_200_000);
    padded.set(await pdf.save());
    const tooLargePdf = await appErrorOf(
      resolveSource({ kind: 'file', bytes: padded, fileName: 'a.pdf', mimeType: null }, settings()),
    );
    expect(tooLargePdf.message).toBe('PDF file is too large. Maximum size is 1MB.');
    const empty = await appErrorOf(
      resolveSource(
        { kind: 'file', bytes: new Uint8Array(0), fileName: 'a.csv', mimeType: null },
        settings(),
      ),
    );
    expect(empty.message).toBe('Failed to process file: the file is empty.');
  });

  it('asks the configured page reader first, with the address URL-encoded and the key', async () => {
    const pageReader = { baseUrl: `${base}/reader/`, apiKey: 'reader-key' };
    const resolved = await resolveSource(
      { kind: 'url', url: 'https://example.com/events?year=2026' },
      settings({ pageReader }),
    );
    expect(readerRequests.at(-1)?.url).toBe(
      `/reader/${encodeURIComponent('https://example.com/events?year=2026')}`,
    );
    expect(resolved).toMatchObject({
      sourceType: 'url',
      url: 'https://example.com/events?year=2026',
      warnings: [],
    });
    expect(new TextDecoder().decode(resolved.bytes)).toContain('| Fair | 2026-04-02 |');
  });

  it('falls back to fetching the page itself when the page reader fails', async () => {
    const pageReader = { baseUrl: `${base}/reader/`, apiKey: 'wrong-key' };
    const resolved = await resolveSource(
      { kind: 'url', url: `${base}/page.html` },
      settings({ pageReader }),
    );
    expect(resolved.detected.reader).toBe('html');
    expect(resolved.warnings).toEqual([
      'The page reader service did not answer, so the page was fetched directly.',
    ]);
  });
});
