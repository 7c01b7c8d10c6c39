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
import { readImage } from './formats/image';
import { createTesseractOcr } from './ocr-engine';
import { blocksText, gridOrLines } from './ocr-layout';
import { readPdf } from './formats/pdf';
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

describe('what OCR keeps as a table', () => {
  const table = (header: string[], rows: string[][]) =>
    ({ kind: 'table', page: null, table: { source: 'image', header, rows } }) as const;

  it('keeps a grid whose words line up in columns', () => {
    const items = table(
      ['Item', 'Qty', 'Price'],
      [
        ['Croissant', '2', '5.00'],
        ['Flat white', '1', '3.20'],
      ],
    );
    expect(gridOrLines(items)).toBe(items);
  });

  it('gives back label–value pairs as lines', () => {
    const pairs = table(
      [],
      [
        ['Station: CASHIER', 'Bill No: LCS03908'],
        ['Code', ': 300-C0001'],
        ['Name', ': CASH'],
      ],
    );
    expect(gridOrLines(pairs)).toEqual({
      kind: 'paragraph',
      page: null,
      text: 'Station: CASHIER Bill No: LCS03908\nCode : 300-C0001\nName : CASH',
    });
  });

  it("gives back a receipt's scattered phrases as lines, not cells", () => {
    const scattered = table(
      [],
      [
        ['Round', 'd Total (RM):', '', '9.00'],
        ['CH50514', '', '', 'SR'],
        ['T5 JOINT', '2PIN 2PCS', '', ''],
      ],
    );
    expect(gridOrLines(scattered)).toMatchObject({
      kind: 'paragraph',
      text: 'Round d Total (RM): 9.00\nCH50514 SR\nT5 JOINT 2PIN 2PCS',
    });
  });

  it("keeps times and a statement's empty debit or credit as a grid", () => {
    const statement = table(
      ['Date', 'Time', 'Debit', 'Credit', 'Balance'],
      [
        ['01/03', '07:10', '12.00', '', '88.00'],
        ['02/03', '09:45', '', '20.00', '108.00'],
      ],
    );
    expect(gridOrLines(statement)).toBe(statement);
  });
});
