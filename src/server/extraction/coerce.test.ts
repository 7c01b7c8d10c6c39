import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../shared/columns';
import { coerceRow, coerceValue, parseBoolean, parseDate, parseNumber } from './coerce';

describe('parseNumber', () => {
  it.each([
    ['42', 42],
    ['-3.5', -3.5],
    ['1,234,567.89', 1234567.89],
    ['1.234.567,89', 1234567.89],
    ['1 234,5', 1234.5],
    ['1\u00A0234,5', 1234.5],
    ['1\u202F234,5', 1234.5],
    ['1\u2009234,5', 1234.5],
    ["1'234.50", 1234.5],
    ['1’234.50', 1234.5],
    ['12,34,567.89', 1234567.89],
    ['1,234', 1234],
    ['1,23', 1.23],
    ['0,123', 0.123],
    ['1234,567', 1234.567],
    ['12,345.6', 12345.6],
    ['12.345,6', 12345.6],
    ['1.234', 1.234],
    ['.5', 0.5],
    ['007', 7],
  ])('reads the separators of %j', (raw, expected) => {
    expect(parseNumber(raw)).toBe(expected);
  });

  it.each([
    ['$1,234.56', 1234.56],
    ['1.234,56 €', 1234.56],
    ['£12', 12],
    ['¥1,235', 1235],
    ['₹12,34,567.80', 1234567.8],
    ['US$ 5', 5],
    ['R$ 1.234,56', 1234.56],
    ['1 234,56 $US', 1234.56],
    ['USD 1,234.56', 1234.56],
    ['1.234,56 EUR', 1234.56],
    ['gbp12.50', 12.5],
    ['500 kr', 500],
  ])('strips the currency of %j', (raw, expected) => {
    expect(parseNumber(raw)).toBe(expected);
  });

  it.each([
    ['(1,234)', -1234],
    ['($12.50)', -12.5],
    ['(12,50 $US)', -12.5],
    ['\u22125', -5],
    ['–7', -7],
    ['-$1,234.56', -1234.56],
    ['$-1,234.56', -1234.56],
    ['1234-', -1234],
    ['+5', 5],
    ['-0', 0],
  ])('reads the sign of %j', (raw, expected) => {
    expect(parseNumber(raw)).toBe(expected);
  });

  it.each([
    ['12.5%', 12.5],
    ['-12,35 %', -12.35],
    ['(3.2%)', -3.2],
    ['1.5e3', 1500],
    ['2E-3', 0.002],
    ['1.2k', 1200],
    ['3M', 3_000_000],
    ['$2.5bn', 2_500_000_000],
    ['4.1 billion', 4_100_000_000],
    ['2 bn', 2_000_000_000],
    ['€12.5m', 12_500_000],
    ['1.1 trillion USD', 1_100_000_000_000],
  ])('keeps percent units and reads exponents and multipliers in %j', (raw, expected) => {
    expect(parseNumber(raw)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    '-',
    '–',
    'abc',
    'N/A',
    'twelve',
    '1.2.3',
    '1,234,56',
    '1 2',
    '2025-01-01',
    '(5',
    '5)',
    '--5',
    '-(5)',
    '5%%',
    '12 apples',
    '1e400',
    '5k%',
    '5 m',
    '12 km',
  ])('gives null for %j', (raw) => {
    expect(parseNumber(raw)).toBeNull();
  });
});

describe('parseDate', () => {
  it.each([
    ['2025-03-03', '2025-03-03'],
    ['2025-3-3', '2025-03-03'],
    ['2025-03-03T23:30:00Z', '2025-03-03'],
    ['2025-03-03 10:00', '2025-03-03'],
    ['2025/03/03', '2025-03-03'],
    ['2025.03.03', '2025-03-03'],
    ['20250303', '2025-03-03'],
    ['03/04/2025', '2025-03-04'],
    ['15/03/2025', '2025-03-15'],
    ['03/15/2025 4:30 PM', '2025-03-15'],
    ['03-04-2025', '2025-03-04'],
    ['15-03-2025', '2025-03-15'],
    ['03.04.2025', '2025-04-03'],
    ['03.15.2025', '2025-03-15'],
    ['3/4/25', '2025-03-04'],
    ['1/1/68', '2068-01-01'],
    ['1/1/69', '1969-01-01'],
  ])('reads the numeric date %j', (raw, expected) => {
    expect(parseDate(raw)).toBe(expected);
  });

  it.each([
    ['3 March 2025', '2025-03-03'],
    ['Mar 3, 2025', '2025-03-03'],
    ['March 3rd, 2025', '2025-03-03'],
    ['3-Mar-25', '2025-03-03'],
    ['03-MAR-2025', '2025-03-03'],
    ['2025 Mar 3', '2025-03-03'],
    ['2025-Mar-03', '2025-03-03'],
    ['Sept. 21, 2024', '2024-09-21'],
    ['the 1st of June 1999', '1999-06-01'],
    ['Monday, March 3, 2025', '2025-03-03'],
    ['Tue 4 Mar 2025', '2025-03-04'],
    ['December 31 2024 11:59', '2024-12-31'],
  ])('reads the month-name date %j', (raw, expected) => {
    expect(parseDate(raw)).toBe(expected);
  });

  it.each([
    '',
    'soon',
    '2025-02-30',
    '2023-02-29',
    '2025-13-01',
    '13/13/2025',
    '31/04/2025',
    'March 2025',
    '3 March',
    'Mar 32, 2025',
    '2025',
    'Foo 3, 2025',
  ])('gives null for %j', (raw) => {
    expect(parseDate(raw)).toBeNull();
  });

  it('accepts leap days only in leap years', () => {
    expect(parseDate('2024-02-29')).toBe('2024-02-29');
    expect(parseDate('2000-02-29')).toBe('2000-02-29');
    expect(parseDate('1900-02-29')).toBeNull();
  });
});

describe('parseBoolean', () => {
  it.each(['true', 'TRUE', 'Yes', 'y', '1', 'on', ' t ', '✓'])('reads %j as true', (raw) => {
    expect(parseBoolean(raw)).toBe(true);
  });
  it.each(['false', 'No', 'N', '0', 'OFF', 'f', '✗'])('reads %j as false', (raw) => {
    expect(parseBoolean(raw)).toBe(false);
  });
  it.each(['', 'maybe', '2', 'yes please'])('gives null for %j', (raw) => {
    expect(parseBoolean(raw)).toBeNull();
  });
});

describe('coerceValue', () => {
  it('takes JSON numbers and booleans as they are and reads strings', () => {
    expect(coerceValue(12.5, 'number')).toBe(12.5);
    expect(coerceValue('1,200', 'number')).toBe(1200);
    expect(coerceValue(true, 'number')).toBeNull();
    expect(coerceValue(false, 'boolean')).toBe(false);
    expect(coerceValue(1, 'boolean')).toBe(true);
    expect(coerceValue(2, 'boolean')).toBeNull();
    expect(coerceValue('Mar 3, 2025', 'date')).toBe('2025-03-03');
    expect(coerceValue(20250303, 'date')).toBe('2025-03-03');
  });

  it('trims text and writes other JSON values as text', () => {
    expect(coerceValue('  Acme  ', 'text')).toBe('Acme');
    expect(coerceValue('   ', 'text')).toBeNull();
    expect(coerceValue(42, 'text')).toBe('42');
    expect(coerceValue(false, 'text')).toBe('false');
    expect(coerceValue(['a', ' b ', null], 'text')).toBe('a, b');
    expect(coerceValue({ a: 1 }, 'text')).toBe('{"a":1}');
  });

  it('gives null for blanks and for values of the wrong kind', () => {
    for (const type of ['text', 'number', 'date', 'boolean'] as const) {
      expect(coerceValue(null, type)).toBeNull();
      expect(coerceValue(undefined, type)).toBeNull();
    }
    expect(coerceValue(Number.NaN, 'number')).toBeNull();
    expect(coerceValue('n/a', 'date')).toBeNull();
  });
});

describe('coerceRow', () => {
  const columns: ColumnDefinition[] = [
    { name: 'Item', type: 'text' },
    { name: 'unit_price', type: 'number' },
    { name: 'Due Date', type: 'date' },
    { name: 'paid', type: 'boolean' },
  ];

  it('coerces each value to its column type and keeps column order', () => {
    const row = coerceRow(
      { paid: 'yes', 'Due Date': '15/03/2025', unit_price: '$1,250.00', Item: ' Pens ' },
      columns,
    );
    expect(row).toEqual({ Item: 'Pens', unit_price: 1250, 'Due Date': '2025-03-15', paid: true });
    expect(Object.keys(row)).toEqual(['Item', 'unit_price', 'Due Date', 'paid']);
  });

  it('omits blank and invalid optional values and drops extra keys', () => {
    const row = coerceRow(
      { Item: 'Ink', unit_price: 'n/a', 'Due Date': '2025-02-30', paid: '', note: 'x' },
      columns,
    );
    expect(row).toEqual({ Item: 'Ink' });
  });

  it('matches keys exactly first, then ignoring case, spaces and underscores', () => {
    const row = coerceRow(
      { item: 'lower', Item: 'exact', 'Unit Price': '3', due_date: '2025-01-02' },
      columns,
    );
    expect(row).toEqual({ Item: 'exact', unit_price: 3, 'Due Date': '2025-01-02' });
  });

  it('always fills the first column: an empty string, or 0 for a number', () => {
    expect(coerceRow({}, columns)).toEqual({ Item: '' });
    expect(coerceRow({ amount: 'abc' }, [{ name: 'amount', type: 'number' }])).toEqual({
      amount: 0,
    });
    expect(coerceRow({ date: '2025-02-30' }, [{ name: 'date', type: 'date' }])).toEqual({
      date: '',
    });
    expect(coerceRow({ ok: 'maybe' }, [{ name: 'ok', type: 'boolean' }])).toEqual({ ok: '' });
  });

  it('keeps zero and false, which are values and not blanks', () => {
    const row = coerceRow({ Item: 'Free', unit_price: 0, paid: false }, columns);
    expect(row).toEqual({ Item: 'Free', unit_price: 0, paid: false });
  });

  it('writes columns named like Object.prototype members as plain cells', () => {
    const raw = JSON.parse('{"__proto__": "x", "valueOf": "2"}') as Record<string, unknown>;
    const row = coerceRow(raw, [
      { name: '__proto__', type: 'text' },
      { name: 'valueOf', type: 'number' },
    ]);
    expect(Object.keys(row)).toEqual(['__proto__', 'valueOf']);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(JSON.stringify(row)).toBe('{"__proto__":"x","valueOf":2}');
  });
});
