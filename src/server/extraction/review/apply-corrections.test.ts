import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractionResult } from '../../../shared/extraction';
import { documentFromBlocks } from '../../../../tests/support/documents';
import { finishResult } from '../finish/finish-result';
import type { RawRows } from '../finish/raw-rows';
import { applyCorrections, correctedResult, type CellCorrection } from './apply-corrections';

const COLUMNS: ColumnDefinition[] = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

/** A real result: a statement of three payments, the second row's amount nowhere in the text. */
function statementResult(): ExtractionResult {
  const document = documentFromBlocks([
    {
      kind: 'table',
      table: {
        source: 'markdown',
        header: ['Date', 'Description', 'Amount'],
        rows: [
          ['2024-03-01', 'Coffee House', '-4.50'],
          ['2024-03-02', 'Grocer & Sons', '-62.10'],
          ['2024-03-03', 'Salary', '2,100.00'],
        ],
      },
    },
  ]);
  const raw: RawRows = {
    engine: 'offline',
    rows: [
      { date: '2024-03-01', description: 'Coffee House', amount: '-4.50' },
      { date: '2024-03-02', description: 'Grocer & Sons', amount: '-99.99' },
      { date: '2024-03-03', description: 'Salary', amount: '2,100.00' },
    ],
    invalidFormat: false,
    failures: [],
    cutShort: 0,
    chunks: [],
    usage: { inputTokens: 0, outputTokens: 0, calls: 0 },
    sourceRowCount: 3,
    warnings: [],
  };
  const result = finishResult({
    document,
    columns: COLUMNS,
    raw,
    modelName: null,
    reviewThreshold: 0.6,
  });
  return { ...result, timings: { readMs: 1, extractMs: 1, totalMs: 2 } };
}

const correction = (overrides: Partial<CellCorrection>): CellCorrection => ({
  id: 'c1',
  row: 1,
  column: 'amount',
  value: -62.1,
  old_value: -99.99,
  ...overrides,
});

describe('applyCorrections', () => {
  const result = statementResult();

  it('starts from a result whose invented amount is flagged', () => {
    expect(result.cells[1]?.amount).toMatchObject({ flagged: true, edited: false });
    expect(result.review).toEqual({ total: 9, flagged: 1, edited: 0 });
  });

  it('replaces a corrected value, marks the cell edited with confidence 1, and counts it', () => {
    const corrected = applyCorrections(result, [correction({})]);
    expect(corrected.rows[1]).toEqual({
      date: '2024-03-02',
      description: 'Grocer & Sons',
      amount: -62.1,
    });
    expect(corrected.cells[1]?.amount).toEqual({
      confidence: 1,
      flagged: false,
      reasons: [],
      edited: true,
      correction: { id: 'c1', old_value: -99.99 },
      evidence: result.cells[1]?.amount?.evidence,
    });
    expect(corrected.review).toEqual({ total: 9, flagged: 0, edited: 1 });
    // The stored result is not changed.
    expect(result.rows[1]?.amount).toBe(-99.99);
  });

  it('accepts a cell corrected to its own value: unflagged, confidence 1, not edited', () => {
    const accepted = applyCorrections(result, [correction({ value: -99.99 })]);
    expect(accepted.rows[1]?.amount).toBe(-99.99);
    expect(accepted.cells[1]?.amount).toMatchObject({
      confidence: 1,
      flagged: false,
      edited: false,
      accepted: true,
      reasons: result.cells[1]?.amount?.reasons,
    });
    expect(accepted.review).toEqual({ total: 9, flagged: 0, edited: 0 });
  });

  it('empties a cell corrected to null, and fills one that was empty', () => {
    const emptied = applyCorrections(result, [
      correction({ row: 0, column: 'description', value: null, old_value: 'Coffee House' }),
    ]);
    expect(emptied.rows[0]).toEqual({ date: '2024-03-01', amount: -4.5 });
    expect(emptied.cells[0]?.description).toMatchObject({ edited: true });
  });

  it('leaves out a correction for a row or column the result does not have', () => {
    const same = applyCorrections(result, [
      correction({ row: 7 }),
      correction({ column: 'balance' }),
    ]);
    expect(same.rows).toEqual(result.rows);
    expect(same.review).toEqual(result.review);
  });

  it('keeps a column named like an object member as an own cell', () => {
    const odd = { ...result, columns: [...result.columns, { name: '__proto__', type: 'text' }] };
    const corrected = applyCorrections(odd as ExtractionResult, [
      correction({ column: '__proto__', value: 'x', old_value: null }),
    ]);
    expect(Object.hasOwn(corrected.rows[1]!, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(corrected.rows[1])).toBe(Object.prototype);
  });

  it('counts every corrected cell as edited and never flagged, whatever the corrections', () => {
    const cell = fc.record({
      row: fc.integer({ min: 0, max: 2 }),
      column: fc.constantFrom('date', 'description', 'amount'),
      value: fc.oneof(fc.string({ minLength: 1 }), fc.double({ noNaN: true }), fc.constant(null)),
    });
    fc.assert(
      fc.property(fc.uniqueArray(cell, { selector: (c) => `${c.row}:${c.column}` }), (cells) => {
        const corrections = cells.map((c, index) => ({
          ...c,
          id: `c${index}`,
          old_value: result.rows[c.row]?.[c.column] ?? null,
        }));
        const corrected = applyCorrections(result, corrections);
        const changed = corrections.filter((c) => c.value !== c.old_value);
        expect(corrected.review.edited).toBe(changed.length);
        for (const c of corrections) {
          expect(corrected.cells[c.row]?.[c.column]?.flagged).toBe(false);
          expect(corrected.rows[c.row]?.[c.column] ?? null).toEqual(c.value);
        }
      }),
    );
  });
});

describe('correctedResult', () => {
  it('gives a result stored before review its cells from the evidence it had', () => {
    const { cells: _cells, review: _review, ...rest } = statementResult();
    const found = { start: 0, end: 10, page: null, match: 'exact' as const };
    const stored = {
      ...rest,
      evidence: [
        { date: found, description: found, amount: found },
        { date: found, description: found, amount: null },
        { date: found, description: found, amount: found },
      ],
    };
    const opened = correctedResult(stored, [], 0.6);
    expect(opened.cells[0]?.date).toEqual({
      confidence: 1,
      flagged: false,
      reasons: [],
      edited: false,
      evidence: found,
    });
    expect(opened.cells[1]?.amount).toMatchObject({
      confidence: 0.2,
      flagged: true,
      reasons: [{ code: 'not_found' }],
      evidence: null,
    });
    expect(opened.review).toEqual({ total: 9, flagged: 1, edited: 0 });
    expect(opened).not.toHaveProperty('evidence');

    const corrected = correctedResult(stored, [correction({})], 0.6);
    expect(corrected.review).toEqual({ total: 9, flagged: 0, edited: 1 });
  });

  it('opens an old result with no evidence at all, with nothing flagged', () => {
    const { cells: _cells, review: _review, ...rest } = statementResult();
    const opened = correctedResult(rest, [], 0.6);
    expect(opened.cells).toHaveLength(3);
    expect(opened.cells[1]?.amount).toMatchObject({ flagged: false, evidence: null });
    expect(opened.review.flagged).toBe(0);
  });
});
