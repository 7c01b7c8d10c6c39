import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from './columns';
import type { ExtractedRow } from './extraction';
import { cellText, toCsv, toJson, toTsv, toXlsx, type ExportTable } from './table-export';

const columns: ColumnDefinition[] = [
  { name: 'name', type: 'text' },
  { name: 'price', type: 'number' },
  { name: 'sold', type: 'date' },
  { name: 'organic', type: 'boolean' },
];

const rows: ExtractedRow[] = [
  { name: 'Apple, "Gala"', price: 1.5, sold: '2026-02-01', organic: true },
  { name: 'Pear\tConference\nbox', price: -2, sold: null, organic: false },
  { name: 'Plum', price: null, sold: '2025-12-31' },
];

const table: ExportTable = { columns, rows };

async function readXlsx(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  const copy = new Uint8Array(bytes);
  await workbook.xlsx.load(copy.buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('The workbook has no sheet.');
  return sheet;
}

describe('cellText', () => {
  it('shows null as empty and booleans and numbers as written', () => {
    expect([null, undefined, true, false, 0, -1.25, 'x'].map(cellText)).toEqual([
      '',
      '',
      'true',
      'false',
      '0',
      '-1.25',
      'x',
    ]);
  });
});

describe('toCsv', () => {
  it('writes a header row and CRLF lines, quoting only the fields that need it', () => {
    expect(toCsv(table)).toBe(
      'name,price,sold,organic\r\n' +
        '"Apple, ""Gala""",1.5,2026-02-01,true\r\n' +
        '"Pear\tConference\nbox",-2,,false\r\n' +
        'Plum,,2025-12-31,\r\n',
    );
  });

  it('quotes header names and carriage returns too', () => {
    const csv = toCsv({
      columns: [{ name: 'a,b', type: 'text' }],
      rows: [{ 'a,b': 'one\rtwo' }],
    });
    expect(csv).toBe('"a,b"\r\n"one\rtwo"\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv({ columns, rows: [] })).toBe('name,price,sold,organic\r\n');
  });
});

describe('toTsv', () => {
  it('replaces tabs and line breaks inside cells with spaces, so each value stays one cell', () => {
    expect(toTsv(table).split('\n')).toEqual([
      'name\tprice\tsold\torganic',
      'Apple, "Gala"\t1.5\t2026-02-01\ttrue',
      'Pear Conference box\t-2\t\tfalse',
      'Plum\t\t2025-12-31\t',
    ]);
  });

  it('collapses a CRLF inside a cell to one space', () => {
    expect(toTsv({ columns: [{ name: 'a', type: 'text' }], rows: [{ a: 'x\r\ny' }] })).toBe(
      'a\nx y',
    );
  });
});

describe('toJson', () => {
  it('writes every column key, null for blanks, numbers and booleans typed', () => {
    expect(JSON.parse(toJson(table))).toEqual([
      { name: 'Apple, "Gala"', price: 1.5, sold: '2026-02-01', organic: true },
      { name: 'Pear\tConference\nbox', price: -2, sold: null, organic: false },
      { name: 'Plum', price: null, sold: '2025-12-31', organic: null },
    ]);
  });

  it('keeps the column order in each object and leaves out keys that are not columns', () => {
    const json = toJson({ columns, rows: [{ extra: 'x', organic: true, name: 'A' }] });
    const [first] = JSON.parse(json) as object[];
    expect(Object.keys(first ?? {})).toEqual(['name', 'price', 'sold', 'organic']);
  });
});

describe('toXlsx', () => {
  it('writes a bold header and typed cells that read back as numbers, booleans and dates', async () => {
    const sheet = await readXlsx(await toXlsx(table));
    expect(sheet.getRow(1).values).toEqual([undefined, 'name', 'price', 'sold', 'organic']);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe('Apple, "Gala"');
    expect(sheet.getCell('B2').value).toBe(1.5);
    expect(sheet.getCell('B3').value).toBe(-2);
    expect(sheet.getCell('C2').value).toEqual(new Date('2026-02-01T00:00:00Z'));
    expect(sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('C4').value).toEqual(new Date('2025-12-31T00:00:00Z'));
    expect(sheet.getCell('D2').value).toBe(true);
    expect(sheet.getCell('D3').value).toBe(false);
  });

  it('leaves blank cells empty and keeps text in cells as text', async () => {
    const sheet = await readXlsx(await toXlsx(table));
    expect(sheet.getCell('C3').value).toBeNull();
    expect(sheet.getCell('B4').value).toBeNull();
    expect(sheet.getCell('D4').value).toBeNull();
    expect(sheet.getCell('A3').value).toBe('Pear\tConference\nbox');
    expect(sheet.rowCount).toBe(4);
  });

  it('writes a date column value that is not a date as text', async () => {
    const sheet = await readXlsx(
      await toXlsx({ columns: [{ name: 'when', type: 'date' }], rows: [{ when: 'soon' }] }),
    );
    expect(sheet.getCell('A2').value).toBe('soon');
  });
});
