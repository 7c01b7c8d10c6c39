import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { CellReview, CellValue } from '../../../../shared/extraction';
import {
  cellKey,
  flaggedCells,
  matchesRowFilter,
  nextFlagged,
  tableReview,
  type DocumentReview,
} from './table-review';

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

const review = (corrections = new Map<string, CellValue>()) =>
  tableReview(ROWS, ORIGINS, DOCUMENTS, corrections);

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
    const corrections = new Map<string, CellValue>([
      [cellKey({ documentId: 'a', row: 0, column: 'amount' }), -900],
      [cellKey({ documentId: 'a', row: 1, column: 'payee' }), 'Rent'],
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
    expect(table.cell(1, 'payee')).toMatchObject({ flagged: false, edited: true, confidence: 1 });
    expect(table.extracted(1, 'payee')).toBe('Rnt');
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
    const corrections = new Map([[cellKey({ documentId: 'a', row: 1, column: 'payee' }), 'Rnt']]);
    expect(flaggedCells(review(corrections), COLUMNS, [0, 1, 2])).toEqual([
      { index: 0, column: 'amount' },
    ]);
  });

  it('filters rows with a flagged or an edited cell', () => {
    const corrections = new Map([[cellKey({ documentId: 'a', row: 1, column: 'payee' }), 'Rent']]);
    const table = review(corrections);
    const shown = (filter: 'all' | 'flagged' | 'edited') =>
      [0, 1, 2].filter((index) => matchesRowFilter(table, COLUMNS, filter, index));
    expect(shown('all')).toEqual([0, 1, 2]);
    expect(shown('flagged')).toEqual([0]);
    expect(shown('edited')).toEqual([1]);
  });
});
