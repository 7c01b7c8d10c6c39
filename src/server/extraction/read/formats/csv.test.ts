import fc from 'fast-check';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import {
  EVENTS_TSV,
  HEADERLESS_CSV,
  RAGGED_CSV,
  SEMICOLON_CSV,
  randomBytes,
  readerInput,
} from '../../../../../tests/fixtures/text-fixtures';
import { buildDocument } from '../build-document';
import { readCsv } from './csv';
import { toGfmTable } from '../markdown-table';
import type { ReadOutput, TableData } from '../types';

const csvInput = (content: string | Uint8Array, fileName = 'export.csv', mimeType = 'text/csv') =>
  readerInput(content, { fileName, mimeType });

function tableOf(output: ReadOutput): TableData {
  const [block] = output.blocks;
  if (output.blocks.length !== 1 || block?.kind !== 'table') throw new Error('expected one table');
  return block.table;
}

describe('readCsv', () => {
  it('detects semicolons and keeps quoted delimiters, line breaks and quotes inside cells', async () => {
    const output = await readCsv(csvInput(SEMICOLON_CSV));
    expect(output.title).toBeNull();
    expect(output.warnings).toEqual([]);
    expect(tableOf(output)).toEqual({
      source: 'csv',
      header: ['Date', 'Description', 'Amount', 'Balance'],
      rows: [
        ['2024-03-01', 'Opening balance', '0,00', '1.250,00'],
        ['2024-03-04', 'Café Central; breakfast', '-12,40', '1.237,60'],
        ['2024-03-07', 'Transfer to savings\r\nref. 2024/03', '-200,00', '1.037,60'],
        ['2024-03-15', 'Salary "March"', '2.450,00', '3.487,60'],
      ],
    });
  });

  it('splits a TSV on tabs even when a cell holds commas', async () => {
    for (const [fileName, mimeType] of [
      ['events.tsv', 'text/plain'],
      ['events.txt', 'text/tab-separated-values'],
      ['events.csv', 'text/csv'],
    ] as const) {
      const table = tableOf(await readCsv(csvInput(EVENTS_TSV, fileName, mimeType)));
      expect(table.header).toEqual(['Event', 'City', 'Date', 'Seats']);
      expect(table.rows[1]).toEqual(['PyData, Spring edition', 'Amsterdam', '2024-06-02', '220']);
      expect(table.rows[2]).toEqual(['Rust Nation', 'London', '2024-09-10', '']);
    }
  });

  it('detects pipes as the delimiter', async () => {
    const table = tableOf(await readCsv(csvInput('sku|name|price\nA-1|Bolt|0.20\nA-2|Nut|0.05')));
    expect(table.rows).toEqual([
      ['A-1', 'Bolt', '0.20'],
      ['A-2', 'Nut', '0.05'],
    ]);
  });

  it('keeps ragged rows as they are and widens the header with empty names', async () => {
    const table = tableOf(await readCsv(csvInput(RAGGED_CSV)));
    expect(table.header).toEqual(['Name', 'Email', 'Phone', '', '']);
    expect(table.rows).toEqual([
      ['Ada Lovelace', 'ada@example.com', '+44 20 7946 0018'],
      ['Alan Turing', 'alan@example.com'],
      ['Grace Hopper', 'grace@example.com', '+1 202 555 0143', 'Arlington VA', 'retired'],
    ]);
  });

  it('takes the first row as data when it holds values rather than names', async () => {
    const table = tableOf(await readCsv(csvInput(HEADERLESS_CSV)));
    expect(table.header).toEqual([]);
    expect(table.rows).toHaveLength(2);
  });

  it('takes a first row with a gap as the header when the columns below hold numbers', async () => {
    const table = tableOf(await readCsv(csvInput('Item,,Total\nDesk,2,620.00\nChair,4,582.00')));
    expect(table.header).toEqual(['Item', '', 'Total']);
  });

  it('takes years over columns of figures as the header', async () => {
    const table = tableOf(await readCsv(csvInput('Country,2019,2020\nAustria,"1,354.0",-6.6')));
    expect(table.header).toEqual(['Country', '2019', '2020']);
    expect(table.rows).toEqual([['Austria', '1,354.0', '-6.6']]);
    const years = tableOf(await readCsv(csvInput('2019,2020\n2021,2022')));
    expect(years.header).toEqual([]);
  });

  it('reads a title above and notes below a statistics export as text around the table', async () => {
    const csv = [
      'Table 2. Employment by sector (thousands)',
      'Sector,2024,2025',
      'Agriculture,412.5,398.0¹',
      'Industry,"1,210.4","1,199.8"',
      '¹ Break in series.',
      'Source: labour force survey.',
      'p Provisional.',
      ': Not available.',
    ].join('\n');
    const output = await readCsv(csvInput(csv));
    expect(output.blocks).toEqual([
      { kind: 'paragraph', text: 'Table 2. Employment by sector (thousands)' },
      {
        kind: 'table',
        table: {
          source: 'csv',
          header: ['Sector', '2024', '2025'],
          rows: [
            ['Agriculture', '412.5', '398.0¹'],
            ['Industry', '1,210.4', '1,199.8'],
          ],
        },
      },
      {
        kind: 'paragraph',
        text: '¹ Break in series.\nSource: labour force survey.\np Provisional.\n: Not available.',
      },
    ]);
  });

  it('keeps a one-field last row that reads as data in the table', async () => {
    const table = tableOf(await readCsv(csvInput('Name,Email\nAda,ada@example.com\nAlan')));
    expect(table.rows).toEqual([['Ada', 'ada@example.com'], ['Alan']]);
  });

  it('strips the byte order mark and skips empty trailing lines', async () => {
    const bytes = new TextEncoder().encode('\uFEFFName,Score\nAda,10\n\n\n,\n');
    expect(tableOf(await readCsv(csvInput(bytes)))).toEqual({
      source: 'csv',
      header: ['Name', 'Score'],
      rows: [['Ada', '10']],
    });
  });

  it('stops at the row limit with a warning', async () => {
    const csv = ['Order,Total', ...Array.from({ length: 50 }, (_, i) => `SO-${i},${i}`)].join('\n');
    const output = await readCsv(readerInput(csv, { limits: { maxTableRows: 10 } }));
    expect(tableOf(output).rows).toHaveLength(10);
    expect(tableOf(output).rows[9]).toEqual(['SO-9', '9']);
    expect(output.warnings).toEqual(['Only the first 10 rows of the file were read.']);
    const exact = await readCsv(readerInput(csv, { limits: { maxTableRows: 50 } }));
    expect(exact.warnings).toEqual([]);
  });

  it('keeps only the rows whose Markdown fits the character limit, so the table survives', async () => {
    const lines = Array.from({ length: 200 }, (_, i) => `SO-${i},"Customer | ${i}",${i}.00`);
    for (const csv of [['Order,Customer,Total', ...lines].join('\n'), lines.join('\n')]) {
      const output = await readCsv(readerInput(csv, { limits: { maxCharacters: 1000 } }));
      const table = tableOf(output);
      expect(table.rows.length).toBeGreaterThan(10);
      expect(toGfmTable(table.header, table.rows).length).toBeLessThanOrEqual(1000);
      expect(buildDocument(output.blocks, 1000).tables[0]?.rows).toHaveLength(table.rows.length);
      expect(output.warnings).toEqual([
        `Only the first ${table.rows.length} rows of the file were read.`,
      ]);
    }
  });

  it('reads a quote that is never closed without failing, and says so', async () => {
    const output = await readCsv(csvInput('Name,Note\nAda,"unfinished\nAlan,ok\n'));
    expect(tableOf(output).rows[0]).toEqual(['Ada', 'unfinished\nAlan,ok\n']);
    expect(output.warnings).toHaveLength(1);
    const stray = await readCsv(csvInput('Name,Height\nAda,5\'6"\nAlan,6\'0"'));
    expect(tableOf(stray).rows).toEqual([
      ['Ada', '5\'6"'],
      ['Alan', '6\'0"'],
    ]);
    expect(stray.warnings).toEqual([]);
  });

  it('gives no blocks for an empty file and refuses binary content', async () => {
    expect((await readCsv(csvInput('\n\n'))).blocks).toEqual([]);
    await expect(readCsv(csvInput(randomBytes()))).rejects.toMatchObject({
      code: 'TEXT_FILE_UNREADABLE',
    });
  });

  it('reads back any grid that papaparse wrote', async () => {
    // Unquoted, a cell holding ; | or tab makes the text truly ambiguous (a one-column file of
    // "a;b" lines is also a two-column file), so those characters only appear when all is quoted.
    const quoted = fc.stringMatching(/^[a-zA-Z0-9 ,"\n;|\t.-]{0,12}$/);
    const plain = fc.stringMatching(/^[a-zA-Z0-9 ,"\n.-]{0,12}$/);
    const grid = (cell: fc.Arbitrary<string>) =>
      fc
        .integer({ min: 1, max: 5 })
        .chain((width) =>
          fc.array(fc.array(cell, { minLength: width, maxLength: width }), {
            minLength: 1,
            maxLength: 8,
          }),
        )
        // A row of blanks is an empty line, which the reader skips on purpose.
        .filter((rows) => rows.every((row) => row.join('').trim() !== ''));
    await fc.assert(
      fc.asyncProperty(
        fc
          .boolean()
          .chain((quoteAll) => fc.tuple(grid(quoteAll ? quoted : plain), fc.constant(quoteAll))),
        async ([rows, quoteAll]) => {
          const text = Papa.unparse(rows, { quotes: quoteAll });
          const table = tableOf(await readCsv(csvInput(text)));
          expect(table.header.length > 0 ? [table.header, ...table.rows] : table.rows).toEqual(
            rows,
          );
        },
      ),
      { numRuns: 200 },
    );
  });
});
