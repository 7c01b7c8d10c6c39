import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import { estimateAnswer, rowsInText } from './answer-estimate';

const columns: ColumnDefinition[] = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

/** The answer a model gives for these rows, in tokens as the fake model counts them. */
const answerTokens = (rows: Record<string, string>[]) => JSON.stringify({ data: rows }).length / 4;

describe('the answer estimate', () => {
  it('comes within a fifth of the real answer for a statement table', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({
      date: `2026-03-${String((i % 28) + 1).padStart(2, '0')}`,
      description: `Card payment ${i + 1} at a shop in town`,
      amount: `-${(i * 1.37).toFixed(2)}`,
    }));
    const estimated = rows.reduce(
      (sum, row) =>
        sum + estimateAnswer({ kind: 'table-row', cells: Object.values(row) }, columns).tokens,
      0,
    );
    const real = answerTokens(rows);
    expect(estimated).toBeGreaterThan(real * 0.95);
    expect(estimated).toBeLessThan(real * 1.2);
  });

  it('counts only as many cells as there are columns in a wider table', () => {
    const cells = [
      '2026-03-01',
      'Rent',
      '-900.00',
      'DE89370400440532013000',
      'Standing order',
      'Berlin',
    ];
    const narrow = estimateAnswer({ kind: 'table-row', cells: cells.slice(0, 3) }, columns);
    const wide = estimateAnswer({ kind: 'table-row', cells }, columns);
    expect(wide.rows).toBe(1);
    expect(wide.tokens).toBeLessThan(narrow.tokens * 1.8);
  });

  it('reads a record of Key: value lines as one row, and statement lines as a row each', () => {
    expect(rowsInText('Product: Widget 001\nPrice: 10', 2)).toBe(1);
    expect(rowsInText('Name: Ann\nCity: Oslo\nName: Bob\nCity: Rome', 2)).toBe(2);
    expect(rowsInText('03/01 Coffee 3.20\n03/02 Train 14.90\n03/03 Lunch 9.80', 3)).toBe(3);
    expect(estimateAnswer({ kind: 'text', text: 'Statement', isHeading: true }, columns)).toEqual({
      rows: 0,
      tokens: 0,
    });
  });
});
