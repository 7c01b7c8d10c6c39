import { testReadLimits } from '../../../../tests/support/read-limits';
import { afterAll, describe, expect, it } from 'vitest';
import {
  INVOICE_SCAN_HEADER,
  INVOICE_SCAN_ROWS,
  RECEIPT_ITEMS,
  SCAN_HEADER,
  SCAN_ROWS,
  makeColumnReceiptPng,
  makeInvoiceScanPng,
  makeScannedTablePdf,
  makeTableScanPng,
} from '../../../../tests/fixtures/scan-fixtures';
import { readImage } from './image';
import { createTesseractOcr } from './ocr-engine';
import { blocksText } from './ocr-layout';
import { readPdf } from './pdf';
import type { ReadOutput } from './types';

const LIMITS = testReadLimits({ maxCharacters: 200_000, maxTableRows: 5000 });

const ocr = createTesseractOcr();
afterAll(() => ocr.terminate());

const readPng = (bytes: Uint8Array) =>
  readImage({ bytes, mimeType: 'image/png', fileName: null, limits: LIMITS, ocr });

const tables = (output: ReadOutput) =>
  output.blocks.flatMap((block) => (block.kind === 'table' ? [block.table] : []));

describe('tables read by OCR', () => {
  it('reads a scanned table (150 dpi, with specks) as a table with its header', async () => {
    const output = await readPng(await makeTableScanPng());

    expect(tables(output)).toEqual([{ source: 'image', header: SCAN_HEADER, rows: SCAN_ROWS }]);
    expect(output.blocks[0]).toMatchObject({ kind: 'heading', text: 'Sales by region, 2023' });
    expect(output.blocks.at(-1)).toMatchObject({
      kind: 'paragraph',
      text: 'Figures are unaudited and rounded to whole units.',
    });
    expect(output.images?.[0]?.ocrText).toBe(blocksText(output.blocks));
  });

  it('joins an item description that wraps onto a second line to its row', async () => {
    const output = await readPng(await makeInvoiceScanPng());

    expect(tables(output)).toEqual([
      { source: 'image', header: INVOICE_SCAN_HEADER, rows: INVOICE_SCAN_ROWS },
    ]);
  });

  it('reads the items of a receipt photo as rows, the lines around them as text', async () => {
    const output = await readPng(await makeColumnReceiptPng());

    expect(tables(output)).toEqual([
      { source: 'image', header: ['Item', 'Qty', 'Price'], rows: RECEIPT_ITEMS },
    ]);
    const text = output.blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));
    expect(text).toContain('TOTAL 17.50');
  });

  it('reads the table on a scanned PDF page, with the page number', async () => {
    const bytes = await makeScannedTablePdf();
    const output = await readPdf({
      bytes,
      mimeType: 'application/pdf',
      fileName: 'scan.pdf',
      limits: LIMITS,
      ocr,
    });

    const [table] = output.blocks.filter((block) => block.kind === 'table');
    expect(table).toEqual({
      kind: 'table',
      page: 1,
      table: { source: 'pdf', header: SCAN_HEADER, rows: SCAN_ROWS },
    });
  });
});
