import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentJson } from '../../../../src/shared/document';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { makeReceiptPng } from '../../../../tests/fixtures/image-fixtures';
import { utf16Bytes } from '../../../../tests/fixtures/text-fixtures';
import { INVOICE_HEADER, makeInvoicePdf } from '../../../../tests/fixtures/pdf-fixtures';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string } };

let testApp: TestApp;
let pageServer: Server;
let pageUrl: string;
let serverBase: string;
let invoicePdf: Uint8Array;

beforeAll(async () => {
  testApp = await createTestApp(TEST_DATABASES[0]!, {
    ALLOW_PRIVATE_URLS: 'true',
    MAX_UPLOAD_MB: '1',
  });
  invoicePdf = await makeInvoicePdf();
  pageServer = createServer((req, res) => {
    if (req.url?.startsWith('/reports/')) {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('Quarter results\n\nRevenue: 1200\n');
      return;
    }
    if (req.url === '/files/invoice') {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(invoicePdf);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      '<html><head><title>Spring events</title></head><body><nav><a href="/">Home</a></nav><main><h1>Spring events</h1>' +
        '<table><thead><tr><th>Event</th><th>Date</th></tr></thead><tbody>' +
        '<tr><td>Book fair</td><td>2026-04-02</td></tr><tr><td>Jazz night</td><td>2026-04-09</td></tr></tbody></table></main></body></html>',
    );
  });
  await new Promise<void>((resolve) => pageServer.listen(0, '127.0.0.1', resolve));
  serverBase = `http://127.0.0.1:${(pageServer.address() as AddressInfo).port}`;
  pageUrl = `${serverBase}/events.html`;
});

afterAll(async () => {
  await testApp.close();
  pageServer.closeAllConnections();
  await new Promise((resolve) => pageServer.close(resolve));
});

const postJson = (body: unknown, query = '') =>
  testApp.app.request(`/api/documents/read${query}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const postFile = (bytes: Uint8Array, name: string, type = '', query = '') => {
  const form = new FormData();
  form.set('file', new File([Buffer.from(bytes)], name, { type }));
  return testApp.app.request(`/api/documents/read${query}`, { method: 'POST', body: form });
};

describe('POST /api/documents/read', () => {
  it('reads pasted text into Markdown with segments', async () => {
    const response = await postJson({
      text: '# Orders\r\n\r\nTwo   orders\u0007 arrived.\n\n| Item | Qty |\n| --- | --- |\n| Pen | 2 |',
    });
    expect(response.status).toBe(200);
    const document = (await response.json()) as DocumentJson;
    expect(document.markdown).toContain('# Orders');
    expect(document.markdown).toContain('Two orders arrived.');
    expect(document.tables[0]).toMatchObject({ header: ['Item', 'Qty'], rows: [['Pen', '2']] });
    expect(document.metadata).toMatchObject({ sourceType: 'text', fileType: 'text' });
    for (const segment of document.segments) {
      expect(document.markdown.slice(segment.start, segment.end).trim().length).toBeGreaterThan(0);
    }
  });

  it('reads an uploaded CSV file as a table', async () => {
    const csv = new TextEncoder().encode(
      'date;amount;note\n2026-01-02;12,50;"coffee; beans"\n2026-01-03;7,00;tea\n',
    );
    const response = await postFile(csv, 'spend.csv', 'text/csv');
    const document = (await response.json()) as DocumentJson;
    expect(response.status).toBe(200);
    expect(document.metadata).toMatchObject({
      sourceType: 'file',
      fileType: 'csv',
      fileName: 'spend.csv',
    });
    expect(document.tables[0]?.rows).toEqual([
      ['2026-01-02', '12,50', 'coffee; beans'],
      ['2026-01-03', '7,00', 'tea'],
    ]);
  });

  it('reads a web page by address, keeping its table and dropping its navigation', async () => {
    const response = await postJson({ url: pageUrl });
    const document = (await response.json()) as DocumentJson;
    expect(response.status).toBe(200);
    expect(document.metadata).toMatchObject({
      sourceType: 'url',
      fileType: 'html',
      url: pageUrl,
      title: 'Spring events',
    });
    expect(document.tables[0]?.rows).toEqual([
      ['Book fair', '2026-04-02'],
      ['Jazz night', '2026-04-09'],
    ]);
  });

  it('reads an address by its content type: a PDF without an extension, a page named .pdf', async () => {
    const pdf = (await (
      await postJson({ url: `${serverBase}/files/invoice` })
    ).json()) as DocumentJson;
    expect(pdf.metadata).toMatchObject({ fileType: 'pdf', pagesProcessed: 1, totalPages: 1 });
    expect(pdf.tables[0]?.header).toEqual(INVOICE_HEADER);

    const page = (await (
      await postJson({ url: `${serverBase}/download.pdf` })
    ).json()) as DocumentJson;
    expect(page.metadata).toMatchObject({ fileType: 'html', fileName: 'download.pdf' });
  });

  it('reads an address whose file name has a malformed percent-escape, keeping the name as written', async () => {
    const response = await postJson({ url: `${serverBase}/reports/q1%E0%A4%A.txt` });
    expect(response.status).toBe(200);
    const document = (await response.json()) as DocumentJson;
    expect(document.metadata.fileName).toBe('q1%E0%A4%A.txt');
    expect(document.markdown).toContain('Revenue: 1200');

    const escaped = (await (
      await postJson({ url: `${serverBase}/reports/q1%20summary.txt` })
    ).json()) as DocumentJson;
    expect(escaped.metadata.fileName).toBe('q1 summary.txt');
  });

  it('reads an upload whose file name holds a malformed percent-escape', async () => {
    const response = await postFile(new TextEncoder().encode('Total: 5'), 'total%E0%A4%A.txt');
    expect(response.status).toBe(200);
    expect(((await response.json()) as DocumentJson).metadata.fileName).toBe('total%E0%A4%A.txt');
  });

  it('refuses an upload whose encoded file name (filename*) is malformed with a message', async () => {
    const boundary = 'rowsmith-boundary';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''a%E0%A4%A.txt\r\n` +
      `Content-Type: text/plain\r\n\r\nTotal: 5\r\n--${boundary}--\r\n`;
    const response = await testApp.app.request('/api/documents/read', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.message).toBeTruthy();
  });

  it.each([
    ['little-endian with a byte order mark', 'le', true],
    ['big-endian with a byte order mark', 'be', true],
    ['little-endian without a byte order mark', 'le', false],
    ['big-endian without a byte order mark', 'be', false],
  ] as const)('reads a UTF-16 text file, %s', async (_name, order, hasBom) => {
    // What a spreadsheet's "Unicode text" export looks like: tab-separated UTF-16.
    const text = 'Date\tPayee\tAmount\n2026-03-01\tCafé Müller\t-4.50\n2026-03-02\tRent\t-950.00\n';
    const withBom = utf16Bytes(text, order);
    const response = await postFile(hasBom ? withBom : withBom.subarray(2), 'statement.txt');
    expect(response.status, await response.clone().text()).toBe(200);
    const document = (await response.json()) as DocumentJson;
    expect(document.metadata).toMatchObject({ fileType: 'text', fileName: 'statement.txt' });
    expect(document.tables[0]).toMatchObject({
      header: ['Date', 'Payee', 'Amount'],
      rows: [
        ['2026-03-01', 'Café Müller', '-4.50'],
        ['2026-03-02', 'Rent', '-950.00'],
      ],
    });
  });

  it('reads UTF-16 CSV and JSON files by their content as well', async () => {
    const csv = utf16Bytes('name,city\nAda,London\nGrace,Arlington\n', 'le');
    const table = (await (await postFile(csv, 'people.csv')).json()) as DocumentJson;
    expect(table.tables[0]?.rows).toEqual([
      ['Ada', 'London'],
      ['Grace', 'Arlington'],
    ]);
    const json = utf16Bytes('[{"name": "Ada", "city": "London"}]', 'be').subarray(2);
    const records = (await (await postFile(json, 'people')).json()) as DocumentJson;
    expect(records.metadata.mimeType).toBe('application/json');
    expect(records.markdown).toContain('London');
  });

  it('still refuses binary files full of zero bytes', async () => {
    const zeros = new Uint8Array(4096);
    for (let i = 0; i < zeros.length; i += 2) zeros[i] = (i * 37) % 251;
    const response = await postFile(zeros, 'data');
    expect(response.status).toBe(415);
  });

  it('says a program renamed as a document, or with no extension, is a program', async () => {
    // The first 64 KB of the Node.js binary running this test: a real program of this machine.
    const program = new Uint8Array(readFileSync(process.execPath).subarray(0, 65536));
    for (const name of ['report.pdf', 'statement.csv', 'tool']) {
      const response = await postFile(program, name);
      expect(response.status, name).toBe(415);
      const { error } = (await response.json()) as ErrorBody;
      expect(error.code).toBe('FILE_IS_PROGRAM');
      expect(error.message).toMatch(
        new RegExp(`^This file is a program, not a document: ${name} is an? \\w+ program`),
      );
      expect(error.message).toContain('Supported files:');
      expect(error.message).not.toMatch(/\.elf|\.exe file|\.macho/);
    }
  });

  it('reads a text file that happens to start with "MZ" as text', async () => {
    const csv = 'MZ Logistics,2026-03-01,1200.00\nMZ Logistics,2026-03-02,80.00\n';
    const response = await postFile(new TextEncoder().encode(csv), 'carriers.csv');
    expect(response.status).toBe(200);
    expect(((await response.json()) as DocumentJson).markdown).toContain('MZ Logistics');
  });

  it('keeps image bytes out of the JSON unless data URLs are asked for', async () => {
    const bytes = await makeReceiptPng();

    const plain = (await (await postFile(bytes, 'receipt.png')).json()) as DocumentJson;
    expect(plain.images[0]).toMatchObject({ mimeType: 'image/png', width: 640, height: 400 });
    expect(plain.images[0]?.dataUrl).toBeUndefined();
    expect(plain.markdown).toMatch(/11\.90/);

    const withData = (await (
      await postFile(bytes, 'receipt.png', '', '?images=data-url')
    ).json()) as DocumentJson;
    expect(withData.images[0]?.dataUrl).toMatch(/^data:image\/png;base64,/);
  });

  it('answers empty input with the SPEC message', async () => {
    const response = await postJson({ text: '   ' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.message).toBe(
      'No content to process. Please enter some text, paste a URL, or upload a file.',
    );
  });

  it('answers text that is empty after cleaning with the SPEC message', async () => {
    const response = await postJson({ text: '\u0000\u0007\u200B' });
    expect(((await response.json()) as ErrorBody).error.message).toBe(
      'The content appears to be empty after cleaning',
    );
  });

  it('refuses unsupported, oversized and private-address input clearly', async () => {
    const random = new Uint8Array(2048).map((_, i) => (i * 131 + 7) % 256);
    const unsupported = await postFile(random, 'data.bin');
    expect(unsupported.status).toBe(415);
    expect(((await unsupported.json()) as ErrorBody).error.message).toContain('Supported files:');

    const tooLarge = await postFile(new Uint8Array(1_200_000).fill(65), 'big.txt');
    expect(tooLarge.status).toBe(413);
    expect(((await tooLarge.json()) as ErrorBody).error.message).toBe(
      'File is too large. Maximum size is 1MB.',
    );

    const badUrl = await postJson({ url: 'ftp://example.com/x' });
    expect(((await badUrl.json()) as ErrorBody).error.message).toBe(
      'Failed to extract content from URL: only http and https addresses can be read.',
    );
  });

  it('answers an address whose host does not exist as the visitor’s mistake, not ours', async () => {
    // .invalid never resolves (RFC 6761).
    const response = await postJson({ url: 'https://no-such-host.invalid/events' });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error).toEqual({
      code: 'URL_HOST_NOT_FOUND',
      message:
        'Failed to extract content from URL: no-such-host.invalid could not be found. Check the address for typing mistakes.',
      requestId: expect.any(String) as string,
    });
  });
});
