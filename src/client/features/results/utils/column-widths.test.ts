import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../../shared/columns';
import { cellText } from '../../../../shared/table-export';
import { COLUMN_WIDTH, columnWidths } from './column-widths';

const text = cellText;

describe('columnWidths', () => {
  const columns: ColumnDefinition[] = [
    { name: 'note', type: 'text' },
    { name: 'amount', type: 'number' },
    { name: 'paid', type: 'boolean' },
  ];

  it('fits short columns to their widest value and never below the header', () => {
    const rows = [
      { note: 'Coffee', amount: 3.5, paid: true },
      { note: 'Train', amount: 1234567.25, paid: false },
    ];
    expect(columnWidths(columns, rows, text)).toEqual({
      note: 7,
      amount: 10,
      paid: 7,
    });
  });

  it('lets a few long values wrap rather than widen a text column', () => {
    const rows = [
      ...Array.from({ length: 19 }, () => ({ note: 'short note', amount: 1, paid: true })),
      { note: 'x'.repeat(500), amount: 1, paid: true },
    ];
    expect(columnWidths(columns, rows, text).note).toBe(10);
    const long = Array.from({ length: 5 }, () => ({ note: 'y'.repeat(300) }));
    expect(columnWidths(columns, long, text).note).toBe(COLUMN_WIDTH.maxText);
  });
});
