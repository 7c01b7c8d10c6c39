import { describe, expect, it } from 'vitest';
import {
  headerRowCount,
  isNumeric,
  isScale,
  tableText,
  type CellTable,
  type LayoutCell,
} from './cell-table';

const cell = (text: string, row: number, column: number, span: Partial<LayoutCell> = {}) => ({
  text,
  row,
  column,
  rowSpan: 1,
  columnSpan: 1,
  isBold: false,
  isShaded: false,
  ...span,
});

describe('tableText', () => {
  it('names each column from the header rows above it, a spanning heading in each', () => {
    const table: CellTable = {
      rowCount: 3,
      columnCount: 3,
      cells: [
        cell('Region', 0, 0, { rowSpan: 2 }),
        cell('2023', 0, 1, { columnSpan: 2 }),
        cell('Revenue', 1, 1),
        cell('Cost', 1, 2),
        cell('North', 2, 0),
        cell('48,160', 2, 1),
        cell('31,302', 2, 2),
      ],
    };

    expect(tableText(table)).toEqual({
      header: ['Region', '2023 Revenue', '2023 Cost'],
      rows: [['North', '48,160', '31,302']],
    });
  });

  it('gives no header to a table whose first row holds figures', () => {
    const table: CellTable = {
      rowCount: 2,
      columnCount: 2,
      cells: [
        cell('Net asset value', 0, 0),
        cell('5,111,372', 0, 1),
        cell('Units', 1, 0),
        cell('49,136', 1, 1),
      ],
    };

    expect(headerRowCount(table)).toBe(0);
    expect(tableText(table).header).toEqual([]);
  });

  it('takes bold rows above plain ones as header rows, and stops at a section label', () => {
    const table: CellTable = {
      rowCount: 4,
      columnCount: 2,
      cells: [
        cell('Name', 0, 0, { isBold: true }),
        cell('Role', 0, 1, { isBold: true }),
        cell('(full)', 1, 0, { isBold: true }),
        cell('(current)', 1, 1, { isBold: true }),
        cell('Board', 2, 0),
        cell('Ada Lovelace', 3, 0),
        cell('Chair', 3, 1),
      ],
    };

    expect(tableText(table)).toEqual({
      header: ['Name (full)', 'Role (current)'],
      rows: [
        ['Board', ''],
        ['Ada Lovelace', 'Chair'],
      ],
    });
  });
});

describe('isNumeric', () => {
  it('takes figures as people print them, and a bracket standing alone for no figure', () => {
    for (const figure of [
      '1,234',
      '(1,234)',
      '-5.5%',
      '€ 12',
      '$1,000',
      '(3.2%)',
      '12¹',
      '1 234,5',
    ])
      expect(isNumeric(figure)).toBe(true);
    // The ends of headings that wrap: "Cost (EUR" over "000)".
    for (const text of ['000)', '(EUR', '(12', 'Q3 2024']) expect(isNumeric(text)).toBe(false);
  });

  it('takes amounts with a currency code before or after them', () => {
    for (const amount of ['EUR 13,765.00', '1,234 USD', '(GBP 12)'])
      expect(isNumeric(amount)).toBe(true);
    for (const text of ['VAT 21%', 'EURO 12', 'EUR']) expect(isNumeric(text)).toBe(false);
  });
});

describe('isScale', () => {
  it('knows the units figures are set in, as headings print them', () => {
    for (const unit of ['£000', "£'000", 'EUR 000', '$000', '(€m)', '%', '$bn'])
      expect(isScale(unit)).toBe(true);
    for (const figure of ['1,000', 'EUR 13,765.00', '2024']) expect(isScale(figure)).toBe(false);
  });
});
