import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../shared/columns';
import type { CellReview, RowCells } from '../../shared/review';
import { scoreEval } from './score-eval';

const COLUMNS: ColumnDefinition[] = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

const cell = (confidence: number, flagged = confidence < 0.6): CellReview => ({
  confidence,
  flagged,
  reasons: [],
  edited: false,
  evidence: null,
});
const sure = (): RowCells => ({ date: cell(1), description: cell(1), amount: cell(1) });

/** The reference as a user writes it: their own formats, another header case, an extra column. */
const REFERENCE = {
  header: ['Date', 'Description', 'Amount', 'Category'],
  rows: [
    ['2 January 2026', 'Coffee', '-3.20', 'Food'],
    ['3 January 2026', 'Salary', '2,000.00', 'Income'],
    ['4 January 2026', 'Train', '-12.00', 'Travel'],
    ['5 January 2026', 'Rent', '-900', 'Home'],
  ],
};

describe('scoreEval', () => {
  it('counts rows found, missing and extra, and right cells per column', () => {
    const report = scoreEval({
      columns: COLUMNS,
      rows: [
        { date: '2026-01-02', description: 'coffee', amount: -3.2 },
        { date: '2026-01-03', description: 'Salary', amount: 2000 },
        { date: '2026-01-04', description: 'Train', amount: -21 },
        { date: '2026-01-31', description: 'Interest', amount: 0.5 },
      ],
      cells: [sure(), sure(), { ...sure(), amount: cell(0.2) }, sure()],
      reference: REFERENCE,
    });
    expect(report.rows).toEqual({
      reference: 4,
      extracted: 4,
      matched: 3,
      missing: 1,
      extra: 1,
      missing_rows: [4],
      extra_rows: [4],
    });
    expect(report.compared_columns).toEqual(['date', 'description', 'amount']);
    expect(report.columns).toEqual([
      { name: 'date', cells: 3, right: 3, accuracy: 1 },
      { name: 'description', cells: 3, right: 3, accuracy: 1 },
      { name: 'amount', cells: 3, right: 2, accuracy: 2 / 3 },
    ]);
    expect(report.cells).toEqual({ cells: 9, right: 8, accuracy: 8 / 9 });
    // The one wrong cell had a confidence of 0.2 and was flagged; every sure cell was right.
    expect(report.bands).toEqual([
      { from: 0, to: 0.3, cells: 1, right: 0, accuracy: 0 },
      { from: 0.3, to: 0.6, cells: 0, right: 0, accuracy: null },
      { from: 0.6, to: 0.9, cells: 0, right: 0, accuracy: null },
      { from: 0.9, to: 1, cells: 8, right: 8, accuracy: 1 },
    ]);
    expect(report.flagged).toEqual({ cells: 1, right: 0, accuracy: 0 });
    expect(report.not_flagged).toEqual({ cells: 8, right: 8, accuracy: 1 });
    expect(report.wrong_flagged).toEqual({ wrong: 1, flagged: 1, share: 1 });
  });

  it('judges flags by a threshold asked for, and names the columns it could not score', () => {
    const report = scoreEval({
      columns: [...COLUMNS, { name: 'balance', type: 'number' }],
      rows: [{ date: '2026-01-02', description: 'Coffee', amount: -3.5 }],
      cells: [{ ...sure(), amount: cell(0.7, false) }],
      reference: REFERENCE,
      threshold: 0.8,
    });
    expect(report.threshold).toBe(0.8);
    expect(report.flagged).toEqual({ cells: 1, right: 0, accuracy: 0 });
    expect(report.wrong_flagged).toEqual({ wrong: 1, flagged: 1, share: 1 });
    expect(report.bands[2]).toMatchObject({ cells: 1, right: 0 });
    expect(report.unscored_columns).toEqual(['balance']);
  });
});
