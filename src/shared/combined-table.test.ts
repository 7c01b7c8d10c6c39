import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from './columns';
import { combineTables, documentTable, type DocumentRows } from './combined-table';
import { toCsv, toTsv, toXlsx } from './table-export';

// The flat view of records (issue 31 point 7): a row per line item with its document's fields
// beside it, and the Documents and Items sheets of a workbook.

const FIELDS: ColumnDefinition[] = [
  { name: 'invoice_number', type: 'text' },
  { name: 'date', type: 'date' },
  { name: 'total', type: 'number' },
];
const COLUMNS: ColumnDefinition[] = [
  { name: 'item', type: 'text' },
  { name: 'amount', type: 'number' },
];

function invoice(
  name: string,
  fields: Record<string, string | number | null>,
  rows: { item: string; amount: number }[],
  decimals: Record<string, number> = {},
): DocumentRows {
  return {
    name,
    result: { status: 200, rows, decimals, fallback: null, fieldDefinitions: FIELDS, fields },
  };
}

const A = invoice(
  'a.pdf',
  { invoice_number: 'INV-1', date: '2026-03-01', total: 106 },
  [
    { item: 'Paper', amount: 96 },
    { item: 'Ink', amount: 10 },
  ],
  { total: 2, amount: 2 },
);
const B = invoice('b.pdf', { invoice_number: 'INV-2', date: null, total: 5.5 }, [], { total: 2 });
const FAILED: DocumentRows = {
  name: 'c.pdf',
  result: {
    status: 500,
    rows: [{ item: null, amount: null }],
    fallback: 'error',
    fieldDefinitions: FIELDS,
    fields: {},
  },
};

async function workbookOf(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  return workbook;
}

function sheetValues(sheet: ExcelJS.Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('the flat view of records', () => {
  it('repeats each document’s fields on its line items, after the source column', () => {
    const table = combineTables(COLUMNS, [A]);
    expect(table.columns.map((column) => column.name)).toEqual([
      'source',
      'invoice_number',
      'date',
      'total',
      'item',
      'amount',
    ]);
    expect(toCsv(table, { bom: false })).toBe(
      'source,invoice_number,date,total,item,amount\r\n' +
        'a.pdf,INV-1,2026-03-01,106.00,Paper,96.00\r\n' +
        'a.pdf,INV-1,2026-03-01,106.00,Ink,10.00\r\n',
    );
  });

  it('gives a document without line items one row: its fields, the columns empty', () => {
    const table = combineTables(COLUMNS, [A, B, FAILED]);
    expect(toCsv(table, { bom: false }).split('\r\n').slice(1)).toEqual([
      'a.pdf,INV-1,2026-03-01,106.00,Paper,96.00',
      'a.pdf,INV-1,2026-03-01,106.00,Ink,10.00',
      'b.pdf,INV-2,,5.50,,',
      '',
    ]);
  });

  it('gives one row per document when the run asked for fields alone', () => {
    const receipts = [
      invoice('r1.jpg', { invoice_number: '77', date: '2026-01-02', total: 12.5 }, [], {
        total: 2,
      }),
      invoice('r2.jpg', { invoice_number: '78', date: '2026-01-03', total: 3 }, []),
    ];
    const table = combineTables([], receipts);
    expect(toTsv(table).split('\n')).toEqual([
      'source\tinvoice_number\tdate\ttotal',
      'r1.jpg\t77\t2026-01-02\t12.50',
      'r2.jpg\t78\t2026-01-03\t3.00',
    ]);
    expect(toCsv(table, { bom: false }).split('\r\n').slice(1, -1)).toEqual([
      'r1.jpg,77,2026-01-02,12.50',
      'r2.jpg,78,2026-01-03,3.00',
    ]);
  });

  it('names the source column so that it takes no field’s name', () => {
    const sourced = invoice('a.pdf', { source: 'Shop' }, []);
    const field: ColumnDefinition = { name: 'source', type: 'text' };
    const table = combineTables(COLUMNS, [
      { ...sourced, result: { ...sourced.result!, fieldDefinitions: [field] } },
    ]);
    expect(table.columns.map((column) => column.name)).toEqual([
      'source_document',
      'source',
      'item',
      'amount',
    ]);
    expect(table.rows).toEqual([{ source_document: 'a.pdf', source: 'Shop' }]);
  });

  it('keeps a field named like an object’s own property as a value', () => {
    const field: ColumnDefinition = { name: '__proto__', type: 'text' };
    const odd: DocumentRows = {
      name: 'a.pdf',
      result: {
        status: 200,
        rows: [{ item: 'Pen', amount: 2 }],
        fieldDefinitions: [field],
        fields: JSON.parse('{"__proto__":"kept"}') as Record<string, string>,
      },
    };
    expect(toCsv(combineTables(COLUMNS, [odd]), { bom: false })).toBe(
      'source,__proto__,item,amount\r\na.pdf,kept,Pen,2\r\n',
    );
  });

  it('leaves tables without fields as they were: no row for a document without rows', () => {
    const plain = (name: string, rows: { item: string; amount: number }[]): DocumentRows => ({
      name,
      result: { status: 200, rows, fallback: null },
    });
    const table = combineTables(COLUMNS, [
      plain('a.pdf', [{ item: 'Pen', amount: 2 }]),
      plain('b.pdf', []),
    ]);
    expect(table.fields).toEqual([]);
    expect(toCsv(table, { bom: false })).toBe('source,item,amount\r\na.pdf,Pen,2\r\n');
    expect(table.sheets.map((sheet) => sheet.name)).toEqual(['a.pdf', 'b.pdf']);
  });
});

describe('one document’s flat table', () => {
  it('has its fields, then the columns, on each line item, and no source column', () => {
    expect(toCsv(documentTable(COLUMNS, A.result), { bom: false }).split('\r\n')).toEqual([
      'invoice_number,date,total,item,amount',
      'INV-1,2026-03-01,106.00,Paper,96.00',
      'INV-1,2026-03-01,106.00,Ink,10.00',
      '',
    ]);
    expect(documentTable(COLUMNS, B.result).rows).toEqual([
      { invoice_number: 'INV-2', date: null, total: 5.5 },
    ]);
  });
});

describe('the workbook of records', () => {
  it('adds a Documents sheet and an Items sheet after the flat one', async () => {
    const table = combineTables(COLUMNS, [A, B, FAILED]);
    const workbook = await workbookOf(
      await toXlsx(table, { sheetName: 'All documents', sheets: table.sheets }),
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'All documents',
      'Documents',
      'Items',
    ]);
    const [flat, documents, items] = workbook.worksheets;
    expect(sheetValues(flat!)).toEqual([
      ['source', 'invoice_number', 'date', 'total', 'item', 'amount'],
      ['a.pdf', 'INV-1', new Date('2026-03-01T00:00:00Z'), 106, 'Paper', 96],
      ['a.pdf', 'INV-1', new Date('2026-03-01T00:00:00Z'), 106, 'Ink', 10],
      ['b.pdf', 'INV-2', undefined, 5.5],
    ]);
    expect(sheetValues(documents!)).toEqual([
      ['source', 'invoice_number', 'date', 'total'],
      ['a.pdf', 'INV-1', new Date('2026-03-01T00:00:00Z'), 106],
      ['b.pdf', 'INV-2', undefined, 5.5],
    ]);
    expect(documents!.getCell('D2').numFmt).toBe('0.00');
    expect(documents!.getCell('C2').numFmt).toBe('yyyy-mm-dd');
    expect(sheetValues(items!)).toEqual([
      ['source', 'line', 'item', 'amount'],
      ['a.pdf', 1, 'Paper', 96],
      ['a.pdf', 2, 'Ink', 10],
    ]);
    expect(items!.getCell('D2').numFmt).toBe('0.00');
    expect(items!.getCell('A1').font?.bold).toBe(true);
  });

  it('keeps a sheet per document when the run had no fields', () => {
    const plain: DocumentRows = {
      name: 'a.pdf',
      result: { status: 200, rows: [{ item: 'Pen', amount: 2 }], fallback: null },
    };
    const table = combineTables(COLUMNS, [plain]);
    expect(table.sheets).toEqual(table.documents);
  });
});
