import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractedRow } from '../../../shared/extraction';
import { rulesSchema } from '../../../shared/records';
import type { CellReview, RowCells } from '../../../shared/review';
import { applyChecks, ruleFailedWeight, type CheckedParts } from './apply-checks';

const THRESHOLD = 0.6;
const MESSAGE = 'The line amounts add up to 96.00; the subtotal says 106.00.';

const fieldDefinitions: ColumnDefinition[] = [
  { name: 'subtotal', type: 'number' },
  { name: 'total', type: 'number' },
];
const columns: ColumnDefinition[] = [
  { name: 'item', type: 'text' },
  { name: 'amount', type: 'number' },
];
const rules = rulesSchema.parse([{ type: 'sum', column: 'amount', field: 'subtotal' }]);

const sure = (): CellReview => ({
  confidence: 1,
  flagged: false,
  reasons: [],
  edited: false,
  evidence: { start: 0, end: 3, page: null, match: 'exact' },
});

function invoice(rows: ExtractedRow[], subtotal = 106): CheckedParts {
  const cells: RowCells[] = rows.map(() => ({ item: sure(), amount: sure() }));
  const fieldCells: RowCells = { subtotal: sure(), total: sure() };
  return {
    fieldDefinitions,
    fields: { subtotal, total: 116.6 },
    fieldCells,
    rows,
    cells,
    columns,
    decimals: { amount: 2, subtotal: 2, total: 2 },
    fallback: null,
    checks: [],
    review: { total: 0, flagged: 0, edited: 0 },
  };
}

const wrongLines = () => [
  { item: 'Paper', amount: 40 },
  { item: 'Toner', amount: 46 },
  { item: 'Delivery', amount: 10 },
];

describe('applyChecks', () => {
  it('flags the subtotal and the line amounts of a sum that does not add up, with its message', () => {
    const result = applyChecks(invoice(wrongLines()), { rules, threshold: THRESHOLD });
    expect(result.checks).toHaveLength(1);
    expect(result.checks[0]?.passed).toBe(false);
    expect(result.checks[0]?.message).toBe(MESSAGE);
    const subtotal = result.fieldCells.subtotal;
    expect(subtotal?.flagged).toBe(true);
    expect(subtotal?.confidence).toBeLessThan(THRESHOLD);
    expect(subtotal?.reasons).toEqual([
      { code: 'RULE_FAILED', message: MESSAGE, weight: ruleFailedWeight(THRESHOLD) },
    ]);
    expect(result.cells.every((row) => row.amount?.flagged)).toBe(true);
    expect(result.cells.some((row) => row.item?.flagged)).toBe(false);
    expect(result.fieldCells.total?.flagged).toBe(false);
    expect(result.review).toEqual({ total: 8, flagged: 4, edited: 0 });
  });

  it('gives the same result when applied twice', () => {
    const once = applyChecks(invoice(wrongLines()), { rules, threshold: THRESHOLD });
    expect(applyChecks(once, { rules, threshold: THRESHOLD })).toEqual(once);
  });

  it('keeps what else was said of a cell, and its confidence, once the rule passes again', () => {
    const start = invoice(wrongLines());
    const notFound = {
      code: 'not_found' as const,
      message: 'Not found in the source.',
      weight: 0.2,
    };
    start.cells[1] = {
      ...start.cells[1],
      amount: { ...sure(), confidence: 0.2, flagged: true, reasons: [notFound] },
    };
    const failed = applyChecks(start, { rules, threshold: THRESHOLD });
    expect(failed.cells[1]?.amount?.reasons.map((reason) => reason.code)).toEqual([
      'not_found',
      'RULE_FAILED',
    ]);
    expect(failed.cells[1]?.amount?.confidence).toBe(0.06);
    const fixed = applyChecks(
      {
        ...failed,
        rows: failed.rows.map((row, index) => (index === 1 ? { ...row, amount: 56 } : row)),
      },
      { rules, threshold: THRESHOLD },
    );
    expect(fixed.checks[0]?.passed).toBe(true);
    expect(fixed.cells[1]?.amount).toEqual({
      ...sure(),
      confidence: 0.2,
      flagged: true,
      reasons: [notFound],
    });
    expect(fixed.cells[0]?.amount).toEqual(sure());
  });

  it('clears the subtotal’s flag when a person fixes the wrong line', () => {
    const failed = applyChecks(invoice(wrongLines()), { rules, threshold: THRESHOLD });
    const corrected = structuredClone(failed);
    corrected.rows[1] = { item: 'Toner', amount: 56 };
    corrected.cells[1] = {
      ...corrected.cells[1],
      amount: { ...sure(), edited: true, correction: { id: 'c1', old_value: 46 } },
    };
    const result = applyChecks(corrected, { rules, threshold: THRESHOLD });
    expect(result.checks[0]?.passed).toBe(true);
    expect(result.fieldCells.subtotal).toEqual(sure());
    expect(result.review).toEqual({ total: 8, flagged: 0, edited: 1 });
  });

  it('never flags a cell a person edited or accepted, but says the rule still fails', () => {
    const failed = applyChecks(invoice(wrongLines()), { rules, threshold: THRESHOLD });
    const accepted = structuredClone(failed);
    const subtotal = accepted.fieldCells.subtotal;
    if (!subtotal) throw new Error('no subtotal cell');
    accepted.fieldCells.subtotal = {
      ...subtotal,
      confidence: 1,
      flagged: false,
      accepted: true,
      correction: { id: 'c2', old_value: 106 },
    };
    const result = applyChecks(accepted, { rules, threshold: THRESHOLD });
    expect(result.fieldCells.subtotal?.flagged).toBe(false);
    expect(result.fieldCells.subtotal?.confidence).toBe(1);
    expect(result.fieldCells.subtotal?.reasons.map((reason) => reason.message)).toEqual([MESSAGE]);
    expect(result.cells.every((row) => row.amount?.flagged)).toBe(true);
  });

  it('flags a required field that is missing, even with no cell yet', () => {
    const required = rulesSchema.parse([{ type: 'required', name: 'total' }]);
    const start = invoice(wrongLines());
    start.fields = { subtotal: 106 };
    start.fieldCells = { subtotal: sure() };
    const result = applyChecks(start, { rules: required, threshold: THRESHOLD });
    expect(result.fieldCells.total?.flagged).toBe(true);
    expect(result.fieldCells.total?.reasons[0]?.message).toBe('The total is empty.');
  });

  it('checks a fallback result as having no line items and leaves its stand-in cells alone', () => {
    const start = invoice([{ item: 'Some text of the document', amount: null }]);
    start.fallback = 'no_rows';
    const result = applyChecks(start, { rules, threshold: THRESHOLD });
    expect(result.checks[0]?.message).toBe(
      'There are no line amounts to add up; the subtotal says 106.00.',
    );
    expect(result.cells).toBe(start.cells);
    expect(result.review).toEqual({ total: 2, flagged: 1, edited: 0 });
  });

  it('without rules, lists no checks and counts fields with cells', () => {
    const result = applyChecks(invoice(wrongLines()), { rules: [], threshold: THRESHOLD });
    expect(result.checks).toEqual([]);
    expect(result.review).toEqual({ total: 8, flagged: 0, edited: 0 });
  });

  it('flags under any threshold', () => {
    for (const threshold of [0.05, 0.3, 0.6, 0.95]) {
      const result = applyChecks(invoice(wrongLines()), { rules, threshold });
      expect(result.fieldCells.subtotal?.flagged).toBe(true);
    }
  });
});
