import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import { getTemplate } from '../../../shared/templates';
import { INVOICE_ROWS, makeInvoicePdf } from '../../../../tests/fixtures/pdf-fixtures';
import { makeStatementWorkbook } from '../../../../tests/fixtures/spreadsheet-fixtures';
import { HEADERLESS_CSV, readerInput } from '../../../../tests/fixtures/text-fixtures';
import { documentFromBlocks } from '../../../../tests/support/documents';
import { readCsv } from '../read/formats/csv';
import { readPdf } from '../read/formats/pdf';
import { readSpreadsheet } from '../read/formats/spreadsheet';
import { readText } from '../read/formats/text';
import type { Block, ReadOutput } from '../read/types';
import { offlineExtract, type DocumentLike } from './offline-extract';

const documentOf = (blocks: Block[]): DocumentLike => documentFromBlocks(blocks);
const fromOutput = async (output: Promise<ReadOutput>) => documentOf((await output).blocks);
const csv = (text: string) => fromOutput(readCsv(readerInput(text, { mimeType: 'text/csv' })));
const text = (content: string) => fromOutput(readText(readerInput(content)));
const columnsOf = (...names: string[]): ColumnDefinition[] =>
  names.map((name) => ({ name, type: 'text' }));
/** SPEC.md's invoice columns: one flat table, the header's values repeated on each line. */
const SPEC_INVOICE: ColumnDefinition[] = [
  { name: 'invoice_number', type: 'text' },
  { name: 'date', type: 'date' },
  { name: 'due_date', type: 'date' },
  { name: 'item', type: 'text' },
  { name: 'quantity', type: 'number' },
  { name: 'unit_price', type: 'number' },
  { name: 'total', type: 'number' },
];

describe('offlineExtract from tables', () => {
  it('maps differently named headers: "Transaction Date", "Details", "Amount (€)"', async () => {
    const document = await csv(
      [
        'Transaction Date,Details,Amount (€)',
        '2024-03-01,Corner Coffee,-3.50',
        '2024-03-02,Salary,"2,450.00"',
      ].join('\n'),
    );
    const result = offlineExtract({ document, columns: getTemplate('transactions').columns });

    expect(result.rows).toEqual([
      {
        date: '2024-03-01',
        description: 'Corner Coffee',
        amount: '-3.50',
        type: null,
        category: null,
        balance: null,
      },
      {
        date: '2024-03-02',
        description: 'Salary',
        amount: '2,450.00',
        type: null,
        category: null,
        balance: null,
      },
    ]);
    expect(result).toMatchObject({ matchedTables: 1, sourceRowCount: 2, warnings: [] });
  });

  it('reads plurals, case, underscores and template synonyms as the same names', async () => {
    const document = await csv(
      ['PRODUCTS,Prices,product-categories,Cost_Notes', 'Desk,310,Furniture,solid oak'].join('\n'),
    );
    const columns = columnsOf('product', 'price', 'category', 'description');
    const { rows } = offlineExtract({ document, columns });
    // "product-categories" shares "category" with the column; "Cost_Notes" names nothing asked.
    expect(rows).toEqual([
      { product: 'Desk', price: '310', category: 'Furniture', description: null },
    ]);

    const synonyms = await csv(['Ticker,Closing price,Vol', 'ACME,12.5,1000'].join('\n'));
    const stock = offlineExtract({
      document: synonyms,
      columns: columnsOf('symbol', 'close', 'volume'),
    });
    expect(stock.rows).toEqual([{ symbol: 'ACME', close: '12.5', volume: '1000' }]);
  });

  it('maps the item table of a real PDF invoice to SPEC’s invoice columns', async () => {
    const bytes = await makeInvoicePdf();
    const ocr = { recognize: () => Promise.reject(new Error('a text PDF needs no OCR')) };
    const document = await fromOutput(
      readPdf(readerInput(bytes, { mimeType: 'application/pdf', ocr })),
    );
    const result = offlineExtract({ document, columns: SPEC_INVOICE });

    expect(result.matchedTables).toBe(1);
    expect(result.sourceRowCount).toBe(INVOICE_ROWS.length);
    expect(result.rows.map((row) => [row.item, row.quantity, row.unit_price, row.total])).toEqual(
      INVOICE_ROWS,
    );
    // The PDF prints its number only in the title, never as "Invoice number: ...".
    expect(result.rows[0]).toMatchObject({ invoice_number: null, date: null, due_date: null });
  });

  it('picks the sheet that holds the columns from a real workbook', async () => {
    const bytes = await makeStatementWorkbook();
    const document = await fromOutput(readSpreadsheet(readerInput(bytes)));
    const result = offlineExtract({ document, columns: getTemplate('transactions').columns });

    expect(result.matchedTables).toBe(1);
    expect(result.rows).toHaveLength(5);
    expect(result.rows[1]).toMatchObject({
      date: '2024-03-02',
      description: 'Corner Coffee Shop',
      category: 'Eating out',
      type: null,
    });
  });

  it('concatenates sheets of the same layout in order, skipping blank and repeated header rows', () => {
    const sheet = (name: string, rows: string[][]): Block => ({
      kind: 'table',
      table: { name, source: 'sheet', header: ['Date', 'Description', 'Amount'], rows },
    });
    const document = documentOf([
      sheet('January', [
        ['2024-01-03', 'Rent', '-950'],
        ['', '', ''],
      ]),
      sheet('February', [
        ['Date', 'Description', 'Amount'],
        ['2024-02-03', 'Rent', '-950'],
      ]),
      {
        kind: 'table',
        table: { source: 'sheet', header: ['Region', 'Revenue'], rows: [['North', '1200']] },
      },
    ]);
    const result = offlineExtract({
      document,
      columns: columnsOf('date', 'description', 'amount'),
    });

    expect(result.rows.map((row) => row.date)).toEqual(['2024-01-03', '2024-02-03']);
    expect(result).toMatchObject({ matchedTables: 2, sourceRowCount: 2 });
  });

  it('reads a header-less table by position only when its width is the number of columns', async () => {
    const document = await csv(HEADERLESS_CSV);
    const result = offlineExtract({
      document,
      columns: columnsOf('date', 'description', 'amount'),
    });
    expect(result.rows).toEqual([
      { date: '2024-01-05', description: 'Coffee', amount: '3.20' },
      { date: '2024-01-06', description: 'Train ticket', amount: '14.90' },
    ]);
    expect(result.warnings).toEqual([
      'The table has no header row, so its columns were taken in order.',
    ]);
    expect(offlineExtract({ document, columns: columnsOf('date', 'amount') }).rows).toEqual([]);
  });
});

describe('offlineExtract from key-value records', () => {
  it('turns an invoice header into one row', async () => {
    const document = await text(
      ['# Invoice', '', 'Invoice number: INV-7', 'Date - 2025-03-01', '', '**Total:** 11.90'].join(
        '\n',
      ),
    );
    const result = offlineExtract({ document, columns: SPEC_INVOICE });
    expect(result.rows).toEqual([
      {
        invoice_number: 'INV-7',
        date: '2025-03-01',
        due_date: null,
        item: null,
        quantity: null,
        unit_price: null,
        total: '11.90',
      },
    ]);
    expect(result.matchedTables).toBe(0);
  });

  it('leaves labelled values to a record’s fields: its line items come from tables alone', async () => {
    const items = [
      { name: 'item', type: 'text' as const },
      { name: 'amount', type: 'number' as const },
    ];
    const receipt = await text(
      ['Corner Bakery', 'Date: 2026-03-14', '', 'Sourdough loaf 4.50', '', 'Total: 6.70'].join(
        '\n',
      ),
    );
    expect(offlineExtract({ document: receipt, columns: items }).rows).toHaveLength(1);
    expect(offlineExtract({ document: receipt, columns: items, hasFields: true }).rows).toEqual([]);
    const invoice = await text(
      [
        'Invoice number: INV-7',
        '',
        '| Item | Amount |',
        '| --- | --- |',
        '| Paper | 40.00 |',
        '',
        'Total: 44.00',
      ].join('\n'),
    );
    const record = offlineExtract({
      document: invoice,
      columns: [...items, { name: 'total', type: 'number' }],
      hasFields: true,
    });
    expect(record.rows).toEqual([{ item: 'Paper', amount: '40.00', total: null }]);
  });

  it('turns repeated blocks into one row each', async () => {
    const document = await text(
      [
        'Our contacts, as of today.',
        '',
        'Name: Ada Lovelace',
        'Email: ada@example.com',
        'Phone: +44 20 7946 0018',
        '',
        'Name: Alan Turing',
        'E-mail: alan@example.com',
        '',
        '- Name: Grace Hopper',
        '- Email: grace@example.com',
        '- Phone: +1 202 555 0143',
      ].join('\n'),
    );
    const { rows } = offlineExtract({ document, columns: columnsOf('name', 'email', 'phone') });
    expect(rows).toEqual([
      { name: 'Ada Lovelace', email: 'ada@example.com', phone: '+44 20 7946 0018' },
      { name: 'Alan Turing', email: 'alan@example.com', phone: null },
      { name: 'Grace Hopper', email: 'grace@example.com', phone: '+1 202 555 0143' },
    ]);
  });

  it('fills the columns an item table lacks from fields the text names once', async () => {
    const document = await text(
      [
        'Invoice number: INV-7',
        'Date: 2025-03-01',
        '',
        '| Item | Qty | Price | Amount |',
        '| --- | --- | --- | --- |',
        '| Pens | 2 | 1.50 | 3.00 |',
        '| Ink | 1 | 8.90 | 8.90 |',
      ].join('\n'),
    );
    const { rows } = offlineExtract({ document, columns: SPEC_INVOICE });
    expect(rows).toEqual([
      {
        invoice_number: 'INV-7',
        date: '2025-03-01',
        due_date: null,
        item: 'Pens',
        quantity: '2',
        unit_price: '1.50',
        total: '3.00',
      },
      {
        invoice_number: 'INV-7',
        date: '2025-03-01',
        due_date: null,
        item: 'Ink',
        quantity: '1',
        unit_price: '8.90',
        total: '8.90',
      },
    ]);
  });
});

describe('offlineExtract when nothing matches', () => {
  it('returns no rows', async () => {
    const document = await text(
      ['Colour,Shape', 'red,circle', 'blue,square', '', 'Note: nothing to see'].join('\n'),
    );
    const result = offlineExtract({ document, columns: columnsOf('temperature', 'pressure') });
    expect(result).toEqual({ rows: [], matchedTables: 0, sourceRowCount: 0, warnings: [] });
  });
});
