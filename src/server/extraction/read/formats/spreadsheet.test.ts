import { beforeAll, describe, expect, it } from 'vitest';
import {
  makeAccessLogWorkbook,
  makeOrdersWorkbook,
  makeStatementWorkbook,
  makeTruncatedWorkbook,
  makeWordDocumentZip,
} from '../../../../../tests/fixtures/spreadsheet-fixtures';
import { makeMergedSheetXlsx } from '../../../../../tests/fixtures/hostile-fixtures';
import { randomBytes, readerInput } from '../../../../../tests/fixtures/text-fixtures';
import { readSpreadsheet } from './spreadsheet';
import type { ReadLimits, ReadOutput, TableData } from '../types';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const read = (bytes: Uint8Array, limits: Partial<ReadLimits> = {}, signal?: AbortSignal) =>
  readSpreadsheet(
    readerInput(bytes, { fileName: 'book.xlsx', mimeType: XLSX_MIME, limits, signal }),
  );

const tables = (output: ReadOutput): TableData[] =>
  output.blocks.flatMap((block) => (block.kind === 'table' ? [block.table] : []));

describe('readSpreadsheet on a statement workbook', () => {
  let output: ReadOutput;
  beforeAll(async () => {
    output = await read(await makeStatementWorkbook());
  });

  it('reads every sheet with content in tab order, each headed by its name', () => {
    expect(output.blocks.map((block) => block.kind)).toEqual([
      'heading',
      'paragraph',
      'table',
      'heading',
      'table',
      'heading',
      'table',
    ]);
    expect(output.blocks.filter((block) => block.kind === 'heading')).toEqual([
      { kind: 'heading', level: 2, text: 'Transactions' },
      { kind: 'heading', level: 2, text: 'Summary' },
      { kind: 'heading', level: 2, text: 'Archive' },
    ]);
    expect(tables(output).map((table) => [table.name, table.source])).toEqual([
      ['Transactions', 'sheet'],
      ['Summary', 'sheet'],
      ['Archive', 'sheet'],
    ]);
    expect(output.title).toBe('Northwind current account, Q1 2024');
  });

  it('warns that the hidden sheet was read, and skips the empty one without a word', () => {
    expect(output.warnings).toEqual(['Hidden sheets were read too: "Archive".']);
  });

  it('keeps a merged title row above the header as a caption', () => {
    expect(output.blocks[1]).toEqual({
      kind: 'paragraph',
      text: 'Current account 12-34-56, March 2024',
    });
  });

  it('gives ISO dates, cached formula results, plain numbers, text of rich cells and links', () => {
    const [transactions] = tables(output);
    expect(transactions?.header).toEqual([
      'Date',
      'Description',
      'Amount',
      'Balance',
      'Reconciled',
      'Category',
    ]);
    expect(transactions?.rows).toEqual([
      ['2024-03-01', 'Opening balance', '1200', '1200', 'TRUE', 'Opening'],
      ['2024-03-02', 'Corner Coffee Shop', '-3.5', '1196.5', 'TRUE', 'Eating out'],
      ['2024-03-05', 'Salary ACME Ltd', '2450', '3646.5', 'TRUE', 'Income'],
      ['2024-03-09', 'Rent', '-950', '2696.5', 'FALSE', '#N/A'],
      ['2024-03-12', 'Interest', '0.3', '2696.8', 'FALSE', 'Interest'],
    ]);
  });

  it('repeats a merged value across its range and writes percentages as such', () => {
    const summary = tables(output)[1];
    expect(summary?.header).toEqual(['Region', 'Product', 'Revenue', 'Share']);
    expect(summary?.rows).toEqual([
      ['North', 'Widgets', '1200', '40%'],
      ['North', 'Gadgets', '600', '20%'],
      ['South', 'Widgets', '1200', '40%'],
      ['Total', 'Total', '3000', '12.5%'],
    ]);
  });
});

describe('readSpreadsheet', () => {
  it('reads date-times, times of day and dates in both Excel date systems', async () => {
    const expected = [
      ['B-1042', '2024-02-29T08:15:30', '08:00:00', '2024-02-29'],
      ['B-2213', '2024-03-01T17:45:00', '16:30:00', '2024-03-01'],
    ];
    for (const is1904 of [false, true]) {
      const output = await read(await makeAccessLogWorkbook({ is1904 }));
      expect(output.blocks).toHaveLength(1);
      expect(tables(output)[0]).toEqual({
        name: 'Access log',
        source: 'sheet',
        header: ['Badge', 'Entered at', 'Shift starts', 'Day'],
        rows: expected,
      });
    }
  });

  it('stops at the row limit of a sheet with a warning', async () => {
    const bytes = await makeOrdersWorkbook(30);
    const output = await read(bytes, { maxTableRows: 10 });
    const [orders] = tables(output);
    expect(orders?.rows).toHaveLength(10);
    expect(orders?.rows.at(-1)).toEqual(['SO-1010', 'Customer 10', '100']);
    expect(output.warnings).toEqual(['Only the first 10 rows of sheet "Orders" were read.']);
    expect((await read(bytes, { maxTableRows: 30 })).warnings).toEqual([]);
  });

  it('keeps only the rows that fit the character limit', async () => {
    const output = await read(await makeOrdersWorkbook(200), { maxCharacters: 1000 });
    const [orders] = tables(output);
    expect(orders?.rows.length).toBeGreaterThan(10);
    expect(orders?.rows.length).toBeLessThan(200);
    expect(output.warnings).toEqual([
      `Only the first ${orders?.rows.length} rows of sheet "Orders" were read.`,
    ]);
  });

  it('fills a merge down to the last row with content, and no further than the row limit', async () => {
    const cells: [string, string][] = [
      ['A1', 'Region'],
      ['B1', 'Score'],
      ['A2', 'North'],
      ['B2', '1'],
      ['B3', '2'],
    ];
    const short = await read(makeMergedSheetXlsx(cells, ['A2:A1048576']));
    expect(tables(short)[0]?.rows).toEqual([
      ['North', '1'],
      ['North', '2'],
    ]);
    const long = makeMergedSheetXlsx([...cells, ['B900', '9']], ['A2:A1048576']);
    const output = await read(long, { maxTableRows: 10 });
    expect(tables(output)[0]?.rows).toHaveLength(10);
    expect(tables(output)[0]?.rows[9]).toEqual(['North', '']);
    expect(output.warnings).toEqual(['Only the first 10 rows of sheet "Rows" were read.']);
  });

  it('refuses a workbook that unpacks past the size limit', async () => {
    await expect(
      read(await makeStatementWorkbook(), { maxUncompressedBytes: 1024 }),
    ).rejects.toMatchObject({ code: 'ARCHIVE_TOO_LARGE' });
  });

  it('refuses truncated, random and non-workbook files with one clear message', async () => {
    const files = [await makeTruncatedWorkbook(), randomBytes(), await makeWordDocumentZip()];
    for (const bytes of files) {
      await expect(read(bytes)).rejects.toMatchObject({
        code: 'FILE_PROCESSING_FAILED',
        message: 'Failed to process file: the file is damaged or is not an Excel workbook.',
      });
    }
  });

  it('stops when the request is cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('client went away'));
    await expect(read(await makeOrdersWorkbook(3), {}, controller.signal)).rejects.toThrow(
      'client went away',
    );
  });
});
