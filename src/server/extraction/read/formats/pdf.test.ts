import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../../shared/errors';
import {
  CUT_STREAM_LINES,
  INVOICE_HEADER,
  INVOICE_ROWS,
  STATEMENT_HEADER,
  STATEMENT_ROWS_PER_PAGE,
  makeCutStreamPdf,
  makeEncryptedPdf,
  makeInvoicePdf,
  makeMixedPdf,
  makeRandomBytes,
  makeScannedPdf,
  makeStatementPdf,
  makeTruncatedPdf,
  statementRow,
} from '../../../../../tests/fixtures/pdf-fixtures';
import { makeInflationBombPdf } from '../../../../../tests/fixtures/hostile-fixtures';
import { testReadLimits } from '../../../../../tests/support/read-limits';
import { createTesseractOcr } from '../ocr-engine';
import { readPdf } from './pdf';
import type { Block, OcrEngine, ReadLimits, ReadOutput } from '../types';

const LIMITS: ReadLimits = testReadLimits({ maxCharacters: 200_000 });

const ocr = createTesseractOcr();
afterAll(() => ocr.terminate());

function read(bytes: Uint8Array, options: { limits?: Partial<ReadLimits>; ocr?: OcrEngine } = {}) {
  return readPdf({
    bytes,
    fileName: 'file.pdf',
    mimeType: 'application/pdf',
    limits: { ...LIMITS, ...options.limits },
    ocr: options.ocr ?? ocr,
  });
}

const tables = (output: ReadOutput) =>
  output.blocks.flatMap((block) => (block.kind === 'table' ? [block] : []));
const texts = (output: ReadOutput) =>
  output.blocks.flatMap((block) => ('text' in block ? [block.text] : []));

async function failure(bytes: Uint8Array): Promise<AppError> {
  const error: unknown = await read(bytes).then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('readPdf', () => {
  it('places every word where the page shows it, for evidence boxes', async () => {
    const output = await read(await makeInvoicePdf());
    expect(output.pageSizes).toEqual([{ page: 1, width: 595, height: 842 }]);
    // "582.00" is set right-aligned at x = 530 on the baseline 592 points from the bottom.
    const amount = output.words?.find((word) => word.text === '582.00');
    expect(amount).toMatchObject({ page: 1, confidence: null });
    expect(amount?.x1).toBeCloseTo(530, 0);
    expect(amount!.y0).toBeLessThan(842 - 592);
    expect(amount!.y1).toBeGreaterThan(842 - 592);
    expect(amount!.y1 - amount!.y0).toBeLessThan(12);
  });

  it('reads an invoice: heading, address, and the item table as one table', async () => {
    const output = await read(await makeInvoicePdf());

    expect(output.title).toBe('Invoice INV-2041');
    expect(output.pagesProcessed).toBe(1);
    expect(output.totalPages).toBe(1);
    expect(output.warnings).toEqual([]);
    expect(output.blocks[0]).toEqual({
      kind: 'heading',
      level: 1,
      text: 'Invoice INV-2041',
      page: 1,
    });
    expect(texts(output)).toContain('Northwind Office Supply\n12 Harbour Road\nBristol BS1 4QA');
    const [table, ...others] = tables(output);
    expect(others).toEqual([]);
    expect(table?.page).toBe(1);
    expect(table?.table).toEqual({ source: 'pdf', header: INVOICE_HEADER, rows: INVOICE_ROWS });
    expect(texts(output).at(-1)).toBe('Amount due: 1,674.99 GBP by 31 March 2024.');
  });

  it('reads only the first pages and says how many there were', async () => {
    const output = await read(await makeStatementPdf());

    expect(output.pagesProcessed).toBe(5);
    expect(output.totalPages).toBe(7);
    expect(output.warnings).toContain('Only the first 5 of 7 pages were read.');
    const pages = new Set(output.blocks.map((block) => block.page));
    expect([...pages]).toEqual([1, 2, 3, 4, 5]);

    const all = await read(await makeStatementPdf(), { limits: { maxPdfPages: 10 } });
    expect(all.pagesProcessed).toBe(7);
    expect(all.warnings).toEqual([]);
  });

  it('keeps the running header once, drops page numbers, and keeps every transaction', async () => {
    const output = await read(await makeStatementPdf());

    const markdownText = texts(output).join('\n');
    expect(markdownText.match(/Acme Bank — Statement/g)).toHaveLength(1);
    expect(markdownText).not.toMatch(/Page \d of 7/);
    const found = tables(output);
    expect(found.map((block) => block.page)).toEqual([1, 2, 3, 4, 5]);
    for (const block of found) expect(block.table.header).toEqual(STATEMENT_HEADER);
    const rows = found.flatMap((block) => block.table.rows);
    const expected = Array.from({ length: 5 * STATEMENT_ROWS_PER_PAGE }, (_, n) => statementRow(n));
    expect(rows).toEqual(expected);
  });

  it('renders a scanned page for the vision model and reads its text by OCR', async () => {
    const output = await read(await makeScannedPdf());

    expect(output.pagesProcessed).toBe(1);
    const [image, ...others] = output.images ?? [];
    expect(others).toEqual([]);
    expect(image).toMatchObject({ page: 1, mimeType: 'image/png' });
    expect(Math.max(image?.width ?? 0, image?.height ?? 0)).toBeGreaterThanOrEqual(1500);
    expect([...(image?.bytes.subarray(1, 4) ?? [])]).toEqual([0x50, 0x4e, 0x47]);
    expect(image?.ocrConfidence).toBeGreaterThan(50);
    const text = texts(output).join('\n');
    for (const word of ['Delivery', '7731', 'Harbour', 'Depot', 'Pallets']) {
      expect(text).toContain(word);
      expect(image?.ocrText).toContain(word);
    }
    expect(output.blocks.every((block: Block) => block.page === 1)).toBe(true);
    expect(output.warnings).toEqual(['Page 1 is a scanned image; its text was read by OCR.']);
  });

  it('reads a text page and a scanned page of one file, each by its own means', async () => {
    const output = await read(await makeMixedPdf());

    expect(output.blocks[0]).toEqual({
      kind: 'paragraph',
      text: 'Cover letter for delivery note 7731.',
      page: 1,
    });
    expect(output.images?.map((image) => image.page)).toEqual([2]);
    expect(output.blocks.slice(1).every((block) => block.page === 2)).toBe(true);
    expect(texts(output).slice(1).join('\n')).toContain('Harbour Depot');
  });

  it('reads what a page holds when its compressed content is cut short', async () => {
    const output = await read(await makeCutStreamPdf());

    const text = texts(output).join('\n');
    for (const line of CUT_STREAM_LINES.slice(0, 3)) expect(text).toContain(line);
    expect(text).not.toContain(CUT_STREAM_LINES.at(-1));
    expect(output.images).toEqual([]);
  });

  it.each([
    ['a truncated file', makeTruncatedPdf, 'the file is damaged or not a PDF'],
    ['random bytes', () => makeRandomBytes(), 'the file is damaged or not a PDF'],
    ['an empty file', () => new Uint8Array(), 'the file is damaged or not a PDF'],
    ['a password-protected file', makeEncryptedPdf, 'the file is password-protected'],
  ])('refuses %s with a readable message', async (_, make, message) => {
    const error = await failure(await make());

    expect(error.code).toBe('PDF_PROCESSING_FAILED');
    expect(error.message).toBe(`Error processing PDF: ${message}`);
  });

  it('refuses a PDF whose compressed content unpacks past the limit', async () => {
    const error: unknown = await read(await makeInflationBombPdf(64), {
      limits: { maxUncompressedBytes: 16 * 1024 * 1024 },
    }).catch((reason: unknown) => reason);

    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toBe(
      'Error processing PDF: its content unpacks to more than 16MB',
    );
  });

  it('reads a PDF whose content unpacks to less than the limit', async () => {
    const output = await read(await makeInflationBombPdf(8), {
      limits: { maxUncompressedBytes: 16 * 1024 * 1024 },
    });

    expect(output.pagesProcessed).toBe(1);
    expect(output.blocks).toEqual([]); // the page is blank space
  });

  it('leaves the caller’s bytes usable', async () => {
    const bytes = await makeInvoicePdf();
    const copy = bytes.slice();

    await read(bytes);

    expect(bytes).toEqual(copy);
  });

  it('stops between pages when the request is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client went away'));

    await expect(
      readPdf({
        bytes: await makeStatementPdf(),
        fileName: null,
        mimeType: 'application/pdf',
        limits: LIMITS,
        ocr,
        signal: controller.signal,
      }),
    ).rejects.toThrow('client went away');
  });
});
