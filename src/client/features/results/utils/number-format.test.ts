import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../../shared/columns';
import { displayText, numberFormats, sourceDecimals, valueDecimals } from './number-format';

describe('valueDecimals', () => {
  it('counts the decimals a number needs', () => {
    expect(valueDecimals(-1883.7)).toBe(1);
    expect(valueDecimals(-566.79)).toBe(2);
    expect(valueDecimals(1883)).toBe(0);
    expect(valueDecimals(1e-7)).toBe(7);
    expect(valueDecimals(1e21)).toBe(0);
  });
});

describe('sourceDecimals', () => {
  it('reads the decimals the source wrote', () => {
    expect(sourceDecimals('-1883.70', -1883.7)).toBe(2);
    expect(sourceDecimals('-1,883.70', -1883.7)).toBe(2);
    expect(sourceDecimals('1.234,50 €', 1234.5)).toBe(2);
    expect(sourceDecimals('(12.00)', -12)).toBe(2);
    expect(sourceDecimals('12.50%', 0.125)).toBe(2);
  });

  it('does not take a thousands separator for a decimal point', () => {
    expect(sourceDecimals('1,883', 1883)).toBeNull();
    expect(sourceDecimals('120', 120)).toBeNull();
    expect(sourceDecimals('about 7.25', 3)).toBeNull();
  });
});

describe('numberFormats and displayText', () => {
  const columns: ColumnDefinition[] = [
    { name: 'description', type: 'text' },
    { name: 'amount', type: 'number' },
    { name: 'year', type: 'number' },
  ];
  const rows = [
    { description: 'Rent', amount: -1883.7, year: 2026 },
    { description: 'Fuel', amount: -566.79, year: 2025 },
    { description: 'Refund', amount: 12, year: null },
  ];

  it('shows every number of a column with the decimals of its most precise value', () => {
    const formats = numberFormats(columns, rows);
    expect(formats).toEqual({
      amount: { decimals: 2, isGrouped: true },
      year: { decimals: 0, isGrouped: false },
    });
    expect(rows.map((row) => displayText(row.amount, formats.amount))).toEqual([
      '-1,883.70',
      '-566.79',
      '12.00',
    ]);
    expect(displayText(2026, formats.year)).toBe('2026');
    expect(displayText(null, formats.year)).toBe('');
    expect(displayText('Rent', undefined)).toBe('Rent');
  });

  it('follows the source where it is known', () => {
    const prices = [{ price: 3.5 }, { price: 12 }];
    const source = ['3.500', '12'];
    const formats = numberFormats(
      [{ name: 'price', type: 'number' }],
      prices,
      (index) => source[index] ?? null,
    );
    expect(formats.price).toEqual({ decimals: 3, isGrouped: true });
    expect(displayText(12, formats.price)).toBe('12.000');
  });

  it('leaves grouping off for columns of years', () => {
    const founded = [{ founded: 1998 }, { founded: 2011 }];
    expect(numberFormats([{ name: 'founded', type: 'number' }], founded).founded).toEqual({
      decimals: 0,
      isGrouped: false,
    });
  });

  it('groups an amount the source wrote with decimals, however year-like its whole part', () => {
    // A subtotal of "1,250.00" beside a total of "1,356.25": both read with their separator.
    const formats = numberFormats(
      [{ name: 'subtotal', type: 'number' }],
      [{ subtotal: 1250 }],
      () => '1,250.00',
    );
    expect(formats.subtotal).toEqual({ decimals: 2, isGrouped: true });
    expect(displayText(1250, formats.subtotal)).toBe('1,250.00');
  });
});
