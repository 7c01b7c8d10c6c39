import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { CellReview, CellValue } from '../../../../shared/extraction';
import {
  cellKey,
  FIELDS_ROW,
  flaggedCells,
  matchesRowFilter,
  nextFlagged,
  tableReview,
  type DocumentReview,
} from './table-review';
import type { CellChange } from './cell-changes';

const COLUMNS: ColumnDefinition[] = [
  { name: 'payee', type: 'text' },
  { name: 'amount', type: 'number' },
];

const ok: CellReview = {
  confidence: 1,
  flagged: false,
  reasons: [],
  edited: false,
  evidence: { start: 0, end: 4, page: null, match: 'exact' },
};
const doubtful: CellReview = {
  confidence: 0.2,
  flagged: true,
  reasons: [{ code: 'not_found', message: 'Not found in the source.', weight: 0.2 }],
  edited: false,
  evidence: null,
};

// Two documents: a's rows are the table's rows 0 and 1, b's row is row 2; b has not loaded yet.
const DOCUMENTS: DocumentReview[] = [
  {
    documentId: 'a',
    name: 'a.txt',
    fileType: 'text',
    detail: {
      cells: [
        { payee: ok, amount: doubtful },
        { payee: doubtful, amount: ok },
      ],
      sourceText: 'Rent -900',
    },
  },
  { documentId: 'b', name: 'b.txt', fileType: 'text', detail: null },
];
const ROWS = [
  { payee: 'Rent', amount: -900 },
  { payee: 'Rnt', amount: -12 },
  { payee: 'Fuel', amount: -50 },
];
const ORIGINS = [
  { document: 0, row: 0 },
  { document: 0, row: 1 },
  { document: 1, row: 0 },
];

const review = (corrections = new Map<string, CellChange>()) =>
  tableReview(ROWS, ORIGINS, DOCUMENTS, corrections);

/** A correction made in the page: `value` in place of `extracted`, stored as `id`. */
function correction(
  row: number,
  column: string,
  value: CellValue,
  extracted: CellValue,
  id: string | null = null,
): [string, CellChange] {
  return [cellKey({ documentId: 'a', row, column }), { kind: 'corrected', value, extracted, id }];
}

describe('tableReview', () => {
  it('gives each cell its review, pending while its document loads', () => {
    const table = review();
    expect(table.cell(0, 'amount')).toBe(doubtful);
    expect(table.cell(2, 'amount')).toBe('pending');
    expect(table.cell(0, 'source')).toBeNull();
    expect(table.address(2, 'payee')).toEqual({ documentId: 'b', row: 0, column: 'payee' });
    expect(table.sourceText(0)).toBe('Rent -900');
    expect(table.sourceText(2)).toBeNull();
  });

  it('puts corrections in place: the same value accepts a cell, another edits it', () => {
    const corrections = new Map([
      correction(0, 'amount', -900, -900, 'c1'),
      correction(1, 'payee', 'Rent', 'Rnt', 'c2'),
    ]);
    const table = review(corrections);
    expect(table.rows[0]).toEqual({ payee: 'Rent', amount: -900 });
    expect(table.rows[1]).toEqual({ payee: 'Rent', amount: -12 });
    expect(table.rows[2]).toBe(ROWS[2]);
    expect(table.cell(0, 'amount')).toMatchObject({
      flagged: false,
      accepted: true,
      edited: false,
    });
    expect(table.cell(0, 'amount')).toMatchObject({
      reasons: doubtful.reasons,
      correction: { id: 'c1', old_value: -900 },
    });
    expect(table.cell(1, 'payee')).toMatchObject({
      flagged: false,
      edited: true,
      confidence: 1,
      reasons: [],
      correction: { id: 'c2', old_value: 'Rnt' },
    });
    expect(table.extracted(1, 'payee')).toBe('Rnt');
  });

  it('keeps the corrections the server sent: the extracted value is the correction’s old one', () => {
    const edited: CellReview = {
      ...ok,
      edited: true,
      correction: { id: 's1', old_value: 'Rnt' },
    };
    const documents: DocumentReview[] = [
      { ...DOCUMENTS[0]!, detail: { cells: [{ payee: ok }, { payee: edited }], sourceText: '' } },
    ];
    const rows = [{ payee: 'Rent' }, { payee: 'Rent' }];
    const origins = [
      { document: 0, row: 0 },
      { document: 0, row: 1 },
    ];
    const table = tableReview(rows, origins, documents, new Map());
    expect(table.cell(1, 'payee')).toBe(edited);
    expect(table.extracted(1, 'payee')).toBe('Rnt');
    expect(table.extracted(0, 'payee')).toBe('Rent');

    // Undone: the extracted value again, no longer marked; edited again: another correction.
    const undone = new Map<string, CellChange>([
      [cellKey({ documentId: 'a', row: 1, column: 'payee' }), { kind: 'undone', extracted: 'Rnt' }],
    ]);
    const afterUndo = tableReview(rows, origins, documents, undone);
    expect(afterUndo.rows[1]).toEqual({ payee: 'Rnt' });
    expect(afterUndo.cell(1, 'payee')).toMatchObject({ edited: false });
    expect(afterUndo.cell(1, 'payee')).not.toHaveProperty('correction');
    const again = tableReview(
      rows,
      origins,
      documents,
      new Map([correction(1, 'payee', 'Rn', 'Rnt')]),
    );
    expect(again.rows[1]).toEqual({ payee: 'Rn' });
    expect(again.cell(1, 'payee')).toMatchObject({ edited: true });
    expect(again.extracted(1, 'payee')).toBe('Rnt');
  });

  it('puts a cell back as it was when its correction from this page is undone', () => {
    const undone = new Map<string, CellChange>([
      [cellKey({ documentId: 'a', row: 1, column: 'payee' }), { kind: 'undone', extracted: 'Rnt' }],
    ]);
    const table = review(undone);
    expect(table.rows[1]).toEqual(ROWS[1]);
    expect(table.cell(1, 'payee')).toBe(doubtful);
  });
});

describe('flagged cells', () => {
  it('lists the flagged cells in the order shown, and steps between them', () => {
    const table = review();
    const order = [1, 0, 2];
    const flagged = flaggedCells(table, COLUMNS, order);
    expect(flagged).toEqual([
      { index: 1, column: 'payee' },
      { index: 0, column: 'amount' },
    ]);
    const first = flagged[0]!;
    expect(nextFlagged(flagged, order, COLUMNS, first, 1)).toEqual(flagged[1]);
    expect(nextFlagged(flagged, order, COLUMNS, flagged[1]!, 1)).toBeNull();
    expect(nextFlagged(flagged, order, COLUMNS, flagged[1]!, -1)).toEqual(first);
    // From a cell that is no longer flagged, the next one after its place.
    expect(nextFlagged(flagged, order, COLUMNS, { index: 1, column: 'amount' }, 1)).toEqual(
      flagged[1],
    );
  });

  it('drops accepted and edited cells from the flagged ones', () => {
    const corrections = new Map([correction(1, 'payee', 'Rnt', 'Rnt')]);
    expect(flaggedCells(review(corrections), COLUMNS, [0, 1, 2])).toEqual([
      { index: 0, column: 'amount' },
    ]);
  });

  it('filters rows with a flagged or an edited cell', () => {
    const corrections = new Map([correction(1, 'payee', 'Rent', 'Rnt')]);
    const table = review(corrections);
    const shown = (filter: 'all' | 'flagged' | 'edited') =>
      [0, 1, 2].filter((index) => matchesRowFilter(table, COLUMNS, filter, index));
    expect(shown('all')).toEqual([0, 1, 2]);
    expect(shown('flagged')).toEqual([0]);
    expect(shown('edited')).toEqual([1]);
  });
});

describe('document fields', () => {
  const FIELDS: ColumnDefinition[] = [
    { name: 'merchant', type: 'text' },
    { name: 'total', type: 'number' },
  ];
  const withFields: DocumentReview[] = [
    {
      documentId: 'r',
      name: null,
      fileType: 'text',
      detail: {
        cells: [{ payee: doubtful, amount: ok }],
        sourceText: 'ACME TOTAL 9.00',
        fieldCells: { merchant: ok, total: doubtful },
      },
    },
  ];
  const rows = [{ payee: 'Tea', amount: 9 }];
  const values = { merchant: 'ACME', total: 90 };
  const record = (corrections = new Map<string, CellChange>()) =>
    tableReview(rows, [{ document: 0, row: 0 }], withFields, corrections, {
      definitions: FIELDS,
      values,
    });

  it('reviews the fields before the rows, in document order', () => {
    const table = record();
    const flagged = flaggedCells(table, COLUMNS, [0], FIELDS);
    expect(flagged).toEqual([
      { index: FIELDS_ROW, column: 'total' },
      { index: 0, column: 'payee' },
    ]);
    expect(nextFlagged(flagged, [0], COLUMNS, flagged[0]!, 1, FIELDS)).toEqual(flagged[1]);
    expect(nextFlagged(flagged, [0], COLUMNS, flagged[1]!, -1, FIELDS)).toEqual(flagged[0]);
    expect(table.address(FIELDS_ROW, 'total')).toEqual({
      documentId: 'r',
      row: FIELDS_ROW,
      column: 'total',
    });
    expect(table.sourceText(FIELDS_ROW)).toBe('ACME TOTAL 9.00');
  });

  it('walks a flagged field that was not found, as the grid marks it and the count has it', () => {
    const missing: DocumentReview[] = [
      {
        ...withFields[0]!,
        detail: { ...withFields[0]!.detail!, fieldCells: { merchant: doubtful, total: ok } },
      },
    ];
    const table = tableReview(rows, [{ document: 0, row: 0 }], missing, new Map(), {
      definitions: FIELDS,
      values: { merchant: null, total: 9 },
    });
    expect(flaggedCells(table, COLUMNS, [0], FIELDS)).toEqual([
      { index: FIELDS_ROW, column: 'merchant' },
      { index: 0, column: 'payee' },
    ]);
  });

  it('shows a field’s correction, unflagged, with the extracted value kept', () => {
    const key = cellKey({ documentId: 'r', row: FIELDS_ROW, column: 'total' });
    const corrected = new Map<string, CellChange>([
      [key, { kind: 'corrected', value: 9, extracted: 90, id: 'c1' }],
    ]);
    const table = record(corrected);
    expect(table.value(FIELDS_ROW, 'total')).toBe(9);
    expect(table.fieldValues).toEqual({ merchant: 'ACME', total: 9 });
    expect(table.extracted(FIELDS_ROW, 'total')).toBe(90);
    expect(table.cell(FIELDS_ROW, 'total')).toMatchObject({ flagged: false, edited: true });
    expect(flaggedCells(table, COLUMNS, [0], FIELDS)).toEqual([{ index: 0, column: 'payee' }]);
  });
});
