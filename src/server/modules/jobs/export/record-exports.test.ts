import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { ExtractionResult } from '../../../../shared/extraction';
import type { JobResultDocuments, JobResultTable } from '../../../../shared/jobs';
import type { CellReview } from '../../../../shared/review';
import { documentFromBlocks } from '../../../../../tests/support/documents';
import { finishResult } from '../../../extraction/finish/finish-result';
import { jobTable, type JobTableDocument } from '../job-table';
import { documentsShape } from './documents-shape';
import { writeExport } from './write-export';

// A job of records as its exports write it: the flat JSON with each row's field cells and origin,
// shape=documents, and the streamed workbook's Documents and Items sheets. Results are built
// with their fields set directly, as a run that asked for fields gives them (issue 31).

const COLUMNS: ColumnDefinition[] = [
  { name: 'item', type: 'text' },
  { name: 'amount', type: 'number' },
];
const FIELDS: ColumnDefinition[] = [
  { name: 'vendor', type: 'text' },
  { name: 'total', type: 'number' },
];

const cell = (overrides: Partial<CellReview> = {}): CellReview => ({
  confidence: 0.9,
  flagged: false,
  reasons: [],
  edited: false,
  evidence: null,
  ...overrides,
});

/** A real result of an invoice's line items, with its fields and a failed sum check. */
function invoiceResult(
  lines: [string, string][],
  fields: { vendor: string | null; total: number | null },
): ExtractionResult {
  const document = documentFromBlocks([
    {
      kind: 'table',
      table: { source: 'markdown', header: ['Item', 'Amount'], rows: lines },
    },
  ]);
  const result = finishResult({
    document,
    columns: COLUMNS,
    raw: {
      engine: 'offline',
      rows: lines.map(([item, amount]) => ({ item, amount })),
      invalidFormat: false,
      failures: [],
      cutShort: 0,
      chunks: [],
      usage: { inputTokens: 0, outputTokens: 0, calls: 0, repeatedInputTokens: 0 },
      sourceRowCount: lines.length,
      warnings: [],
    },
    modelName: null,
    reviewThreshold: 0.6,
  });
  return {
    ...result,
    fieldDefinitions: FIELDS,
    fields,
    fieldCells: {
      vendor: cell(),
      total: cell({
        flagged: true,
        reasons: [{ code: 'RULE_FAILED', message: 'Off', weight: 0.5 }],
      }),
    },
    checks: [
      {
        rule: { type: 'sum', column: 'amount', field: 'total' },
        passed: false,
        message: 'The line amounts add up to 96.00; the total says 106.00.',
        cells: [{ field: 'total' }],
      },
    ],
    timings: { readMs: 1, extractMs: 1, totalMs: 2 },
  };
}

const DOCUMENTS: JobTableDocument[] = [
  {
    id: 'd1',
    name: 'a.pdf',
    result: invoiceResult(
      [
        ['Paper', '90.00'],
        ['Ink', '6.00'],
      ],
      { vendor: 'Acme', total: 106 },
    ),
  },
  { id: 'd2', name: 'b.pdf', result: invoiceResult([], { vendor: 'Bolt', total: null }) },
  { id: 'd3', name: 'c.pdf', result: null },
];

function jsonOf(bytes: Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(bytes)) as unknown;
}

describe('a job of records, exported', () => {
  it('writes flat JSON rows with the fields repeated, their cells and each row’s origin', async () => {
    const table = jsonOf(await writeExport(jobTable(COLUMNS, DOCUMENTS), 'json')) as JobResultTable;
    expect(table.rows).toEqual([
      { source: 'a.pdf', vendor: 'Acme', total: 106, item: 'Paper', amount: 90 },
      { source: 'a.pdf', vendor: 'Acme', total: 106, item: 'Ink', amount: 6 },
      { source: 'b.pdf', vendor: 'Bolt', total: null, item: null, amount: null },
    ]);
    expect(table.origins).toEqual([
      { document_id: 'd1', row: 0 },
      { document_id: 'd1', row: 1 },
      { document_id: 'd2', row: null },
    ]);
    expect(table.cells.map((cells) => Object.keys(cells))).toEqual([
      ['vendor', 'total', 'item', 'amount'],
      ['vendor', 'total', 'item', 'amount'],
      ['vendor', 'total'],
    ]);
    expect(table.cells[2]?.total).toMatchObject({ flagged: true });
    expect(table.decimals).toEqual({ amount: 2 });
  });

  it('writes CSV with the amounts’ source decimals and the fields beside the items', async () => {
    const csv = new TextDecoder().decode(await writeExport(jobTable(COLUMNS, DOCUMENTS), 'csv'));
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'source,vendor,total,item,amount',
      'a.pdf,Acme,106,Paper,90.00',
      'a.pdf,Acme,106,Ink,6.00',
      'b.pdf,Bolt,,,',
      '',
    ]);
  });

  it('answers shape=documents: a record per document with its fields, rows and checks', () => {
    const shaped: JobResultDocuments = documentsShape(COLUMNS, DOCUMENTS);
    expect(
      shaped.documents.map(({ document_id, source, fields, rows }) => ({
        document_id,
        source,
        fields,
        rows,
      })),
    ).toEqual([
      {
        document_id: 'd1',
        source: 'a.pdf',
        fields: { vendor: 'Acme', total: 106 },
        rows: [
          { item: 'Paper', amount: 90 },
          { item: 'Ink', amount: 6 },
        ],
      },
      { document_id: 'd2', source: 'b.pdf', fields: { vendor: 'Bolt', total: null }, rows: [] },
      { document_id: 'd3', source: 'c.pdf', fields: { vendor: null, total: null }, rows: [] },
    ]);
    const [first, , failed] = shaped.documents;
    expect(first?.fieldCells.total).toMatchObject({ flagged: true });
    expect(first?.cells).toHaveLength(2);
    expect(first?.cells[1]?.amount).toBeDefined();
    expect(first?.checks).toEqual([expect.objectContaining({ passed: false })]);
    expect(failed).toMatchObject({ fieldCells: {}, cells: [], checks: [] });
  });

  it('streams a workbook with the flat sheet, then Documents and Items', async () => {
    const bytes = await writeExport(jobTable(COLUMNS, DOCUMENTS), 'xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(bytes).buffer);
    expect(workbook.worksheets.map((sheet) => [sheet.name, sheet.rowCount])).toEqual([
      ['All documents', 4],
      ['Documents', 3],
      ['Items', 3],
    ]);
    const items = workbook.getWorksheet('Items')!;
    expect(items.getRow(1).values).toEqual([undefined, 'source', 'line', 'item', 'amount']);
    expect(items.getRow(3).values).toEqual([undefined, 'a.pdf', 2, 'Ink', 6]);
    expect(items.getCell('D3').numFmt).toBe('0.00');
    const documents = workbook.getWorksheet('Documents')!;
    expect(documents.getRow(3).values).toEqual([undefined, 'b.pdf', 'Bolt']);
  });
});
