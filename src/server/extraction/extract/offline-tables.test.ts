import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import { makeMergedHeaderDocx } from '../../../../tests/fixtures/docx-table-fixtures';
import { makeRuledTablePdf } from '../../../../tests/fixtures/pdf-table-fixtures';
import { readerInput } from '../../../../tests/fixtures/text-fixtures';
import { documentFromBlocks } from '../../../../tests/support/documents';
import { testReadLimits } from '../../../../tests/support/read-limits';
import { readCsv } from '../read/formats/csv';
import { readDocx } from '../read/formats/docx';
import { readPdf } from '../read/formats/pdf';
import type { Block, OcrEngine } from '../read/types';
import { offlineExtract } from './offline-extract';

const columnsOf = (...names: string[]): ColumnDefinition[] =>
  names.map((name) => ({ name, type: 'text' }));
const noOcr: OcrEngine = { recognize: () => Promise.reject(new Error('no OCR here')) };

describe('offlineExtract from the tables of real documents', () => {
  it('maps a Word table with a two-row merged header to the columns asked for', async () => {
    const bytes = await makeMergedHeaderDocx();
    const output = await readDocx(readerInput(bytes, { fileName: 'regions.docx', mimeType: 'x' }));
    const result = offlineExtract({
      document: documentFromBlocks(output.blocks),
      columns: columnsOf('region', '2024 revenue', '2024 cost'),
    });

    expect(result.rows).toEqual([
      { region: 'North', '2024 revenue': '51,020', '2024 cost': '33,400' },
      { region: 'South', '2024 revenue': '27,310', '2024 cost': '19,004' },
    ]);
    expect(result.matchedTables).toBe(1);
  });

  it('maps the merged header cells of a ruled PDF table', async () => {
    const bytes = await makeRuledTablePdf();
    const output = await readPdf({
      bytes,
      fileName: 'regions.pdf',
      mimeType: 'application/pdf',
      limits: testReadLimits(),
      ocr: noOcr,
    });
    const { rows } = offlineExtract({
      document: documentFromBlocks(output.blocks),
      columns: columnsOf('Region', 'Cost 2023'),
    });

    expect(rows.map((row) => [row.Region, row['Cost 2023']])).toEqual([
      ['North Harbour and the outer islands', '31,302'],
      ['Mill District', '40,048'],
      ['Old Town', '18,547'],
    ]);
  });

  it('reads headers past their units and footnote marks', async () => {
    const text = ['Item,Amount (EUR)¹,VAT [a],Weight (in thousands)', 'Desk,310.00,62.00,1.2'].join(
      '\n',
    );
    const output = await readCsv(readerInput(text, { mimeType: 'text/csv' }));
    const { rows } = offlineExtract({
      document: documentFromBlocks(output.blocks),
      columns: columnsOf('item', 'amount', 'vat', 'weight'),
    });

    expect(rows).toEqual([{ item: 'Desk', amount: '310.00', vat: '62.00', weight: '1.2' }]);
  });

  it('reads a table carried onto the next page without its header', () => {
    const header = ['Date', 'Description', 'Amount'];
    const blocks: Block[] = [
      {
        kind: 'table',
        page: 1,
        table: { source: 'pdf', header, rows: [['2024-05-01', 'Rent', '900.00']] },
      },
      {
        kind: 'table',
        page: 2,
        table: { source: 'pdf', header: [], rows: [['2024-05-02', 'Power', '61.20']] },
      },
    ];
    const result = offlineExtract({
      document: documentFromBlocks(blocks),
      columns: columnsOf('date', 'description', 'amount'),
    });

    expect(result.rows).toEqual([
      { date: '2024-05-01', description: 'Rent', amount: '900.00' },
      { date: '2024-05-02', description: 'Power', amount: '61.20' },
    ]);
    expect(result).toMatchObject({ matchedTables: 2, sourceRowCount: 2, warnings: [] });
  });

  it('takes rows from every table that answers the columns, in document order', () => {
    const table = (page: number, header: string[], rows: string[][]): Block => ({
      kind: 'table',
      page,
      table: { source: 'pdf', header, rows },
    });
    const blocks: Block[] = [
      table(1, ['Segment', 'Note', '2024'], [['Retail', '4', '1,204']]),
      table(1, ['Region', 'Staff'], [['North', '120']]),
      table(2, ['Segment', '2024', '2023'], [['Wholesale', '880', '845']]),
      table(3, ['Segment', 'Note', '2024'], [['Online', '5', '310']]),
    ];
    const result = offlineExtract({
      document: documentFromBlocks(blocks),
      columns: columnsOf('segment', 'note', '2024'),
    });

    expect(result.rows).toEqual([
      { segment: 'Retail', note: '4', '2024': '1,204' },
      { segment: 'Wholesale', note: null, '2024': '880' },
      { segment: 'Online', note: '5', '2024': '310' },
    ]);
    expect(result).toMatchObject({ matchedTables: 3, warnings: [] });
  });

  it('takes the row labels of tables over dates whatever their heading, side by side', () => {
    const sheet = (stub: string, rows: string[][]): Block => ({
      kind: 'table',
      page: 1,
      table: { source: 'pdf', header: [stub, '7 Nov', '14 Nov'], rows },
    });
    const blocks = [
      sheet('Assets', [['Gold and gold receivables', '912,441', '935,756']]),
      sheet('Liabilities', [['Banknotes in circulation', '1,572,300', '1,592,602']]),
    ];
    const { rows } = offlineExtract({
      document: documentFromBlocks(blocks),
      columns: columnsOf('Item', '14 nov'),
    });
    expect(rows).toEqual([
      { Item: 'Gold and gold receivables', '14 nov': '935,756' },
      { Item: 'Banknotes in circulation', '14 nov': '1,592,602' },
    ]);

    const people: Block[] = [
      {
        kind: 'table',
        table: { source: 'csv', header: ['Product', 'Price'], rows: [['Desk', '310']] },
      },
    ];
    const unrelated = offlineExtract({
      document: documentFromBlocks(people),
      columns: columnsOf('supplier', 'price'),
    });
    expect(unrelated.rows).toEqual([{ supplier: null, price: '310' }]);
  });

  describe('row labels under no heading', () => {
    const statement = (firstColumn: string[]): Block[] => [
      {
        kind: 'table',
        page: 1,
        table: {
          source: 'pdf',
          header: ['', 'Note', '2023 £000', '2022 £000'],
          rows: [
            [firstColumn[0] ?? '', '3', '£50,180', '£55,682'],
            [firstColumn[1] ?? '', '4', '(24,605)', '(26,973)'],
          ],
        },
      },
    ];

    it('answer the first column asked for when the headings name the others', () => {
      const { rows } = offlineExtract({
        document: documentFromBlocks(statement(['Revenue', 'Cost of sales'])),
        columns: columnsOf('line item', '2023', '2022'),
      });

      expect(rows).toEqual([
        { 'line item': 'Revenue', '2023': '£50,180', '2022': '£55,682' },
        { 'line item': 'Cost of sales', '2023': '(24,605)', '2022': '(26,973)' },
      ]);
    });

    it('are not taken for figures, or from a table no heading of which is asked for', () => {
      const figures = offlineExtract({
        document: documentFromBlocks(statement(['101', '102'])),
        columns: columnsOf('line item', '2023'),
      });
      expect(figures.rows.map((row) => row['line item'])).toEqual([null, null]);

      const unrelated = offlineExtract({
        document: documentFromBlocks(statement(['Revenue', 'Cost of sales'])),
        columns: columnsOf('name', 'email'),
      });
      expect(unrelated.rows).toEqual([]);
    });
  });
});
