import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import { parseNumberParts } from '../coerce/parse-number';
import { columnDecimals } from './column-decimals';

describe('parseNumberParts', () => {
  it.each([
    ['12.50', 12.5, 2],
    ['12', 12, 0],
    ['1,234.50', 1234.5, 2],
    ['1.234,5', 1234.5, 1],
    ['1,234', 1234, 0],
    ['$ 0.990', 0.99, 3],
    ['(1,234.00)', -1234, 2],
    ['12.50%', 12.5, 2],
    ['1.25k', 1250, 0],
    ['1.2345k', 1234.5, 1],
    ['2.5e-3', 0.0025, 4],
  ])('%s is %d written with %d decimals', (raw, value, decimals) => {
    expect(parseNumberParts(raw)).toEqual({ value, decimals });
  });

  it('reads nothing from text that is not a number', () => {
    expect(parseNumberParts('twelve')).toBeNull();
  });
});

const columns: ColumnDefinition[] = [
  { name: 'item', type: 'text' },
  { name: 'amount', type: 'number' },
  { name: 'count', type: 'number' },
  { name: 'empty', type: 'number' },
];

describe('columnDecimals', () => {
  it('keeps the most decimals each number column was written with', () => {
    expect(
      columnDecimals({
        columns,
        rows: [
          { item: 'a', amount: 12.5, count: 3 },
          { item: 'b', amount: 3, count: 4 },
        ],
        raws: [
          { item: 'a', amount: '12.50', count: '3' },
          { item: 'b', amount: 'EUR 3.00', count: '4' },
        ],
        evidence: [],
        sourceText: '',
      }),
    ).toEqual({ amount: 2, count: 0 });
  });

  it('reads a JSON number from the passage it was found in, else from the value itself', () => {
    const sourceText = 'Total: 1,200.50 and 7.10';
    expect(
      columnDecimals({
        columns,
        rows: [{ amount: 1200.5 }, { amount: 7.1 }],
        raws: [{ amount: 1200.5 }, { amount: 7.1 }],
        evidence: [
          { amount: { start: 7, end: 15, page: null, match: 'normalized' } },
          { amount: null },
        ],
        sourceText,
      }),
    ).toEqual({ amount: 2 });
    expect(
      columnDecimals({
        columns,
        rows: [{ amount: 7.1 }],
        raws: [{ amount: 7.1 }],
        evidence: [{ amount: null }],
        sourceText,
      }),
    ).toEqual({ amount: 1 });
  });
});
