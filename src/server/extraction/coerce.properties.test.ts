import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLUMN_TYPES } from '../../shared/column-types';
import type { ColumnDefinition } from '../../shared/columns';
import { coerceRow, parseBoolean, parseDate, parseNumber } from './coerce';

/** Closer to the formatted value than the format's own rounding step (plus float noise). */
function expectClose(
  parsed: number | null,
  expected: number,
  fractionDigits: number,
  text: string,
) {
  expect(parsed, text).not.toBeNull();
  const tolerance = 0.5 * 10 ** -fractionDigits + Math.abs(expected) * 1e-12;
  expect(Math.abs((parsed ?? Number.NaN) - expected), text).toBeLessThanOrEqual(tolerance);
}

// A single "." or "," before exactly three digits is ambiguous ("1.234", "1,234"); the documented
// reading is decimal for "." and thousands for ",". The digit counts below avoid that one shape
// in the locales that write it the other way.
const LOCALE_DIGITS = fc.oneof(
  fc.record({
    locale: fc.constantFrom('en-US', 'en-IN', 'de-CH'),
    digits: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({ locale: fc.constant('de-DE'), digits: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ locale: fc.constant('fr-FR'), digits: fc.integer({ min: 0, max: 2 }) }),
);
const AMOUNT = fc.double({ min: -1e12, max: 1e12, noNaN: true });

describe('parseNumber reads back what Intl.NumberFormat writes', () => {
  it('in decimal style, with and without grouping', () => {
    fc.assert(
      fc.property(AMOUNT, LOCALE_DIGITS, fc.boolean(), (value, { locale, digits }, useGrouping) => {
        const options = {
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
          useGrouping,
        };
        const text = new Intl.NumberFormat(locale, options).format(value);
        expectClose(parseNumber(text), value, digits, text);
      }),
    );
  });

  it('as currency, by symbol, narrow symbol or code, with accounting negatives', () => {
    const style = fc.record({
      currency: fc.constantFrom('USD', 'EUR', 'GBP', 'INR', 'CHF', 'CAD', 'AUD'),
      currencyDisplay: fc.constantFrom('symbol', 'narrowSymbol', 'code'),
      currencySign: fc.constantFrom('standard', 'accounting'),
    });
    const locale = fc.constantFrom('en-US', 'de-DE', 'fr-FR', 'en-IN', 'de-CH');
    fc.assert(
      fc.property(AMOUNT, locale, style, (value, chosen, options) => {
        const text = new Intl.NumberFormat(chosen, { style: 'currency', ...options }).format(value);
        expectClose(parseNumber(text), value, 2, text);
      }),
    );
  });

  it('as a percentage, which stays in percent units', () => {
    const fraction = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(fraction, LOCALE_DIGITS, (value, { locale, digits }) => {
        const options = {
          style: 'percent',
          minimumFractionDigits: digits,
          maximumFractionDigits: digits,
        } as const;
        const text = new Intl.NumberFormat(locale, options).format(value);
        expectClose(parseNumber(text), value * 100, digits, text);
      }),
    );
  });

  it('in plain JavaScript notation, including exponents', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
        expect(parseNumber(String(value))).toBe(value === 0 ? 0 : value);
      }),
    );
  });
});

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const DAY = fc
  .date({
    min: new Date('1000-01-01T00:00:00Z'),
    max: new Date('9999-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => ({
    iso: date.toISOString().slice(0, 10),
    y: date.getUTCFullYear(),
    m: date.getUTCMonth() + 1,
    d: date.getUTCDate(),
  }));

describe('parseDate reads back every real date', () => {
  const pad = (value: number) => String(value).padStart(2, '0');
  const formats: [string, (day: { y: number; m: number; d: number; iso: string }) => string][] = [
    ['ISO', ({ iso }) => iso],
    ['ISO with a time', ({ iso }) => `${iso}T12:34:56.789Z`],
    ['MM/DD/YYYY', ({ y, m, d }) => `${pad(m)}/${pad(d)}/${y}`],
    ['M/D/YYYY', ({ y, m, d }) => `${m}/${d}/${y}`],
    ['DD.MM.YYYY', ({ y, m, d }) => `${pad(d)}.${pad(m)}.${y}`],
    ['YYYY/MM/DD', ({ y, m, d }) => `${y}/${pad(m)}/${pad(d)}`],
    ['D Month YYYY', ({ y, m, d }) => `${d} ${MONTHS[m - 1]} ${y}`],
    ['Mon D, YYYY', ({ y, m, d }) => `${MONTHS[m - 1]?.slice(0, 3)} ${d}, ${y}`],
    ['Month Dth, YYYY', ({ y, m, d }) => `${MONTHS[m - 1]} ${d}th, ${y}`],
    ['DD-MON-YYYY', ({ y, m, d }) => `${pad(d)}-${MONTHS[m - 1]?.slice(0, 3).toUpperCase()}-${y}`],
  ];

  it.each(formats)('written as %s', (_name, format) => {
    fc.assert(
      fc.property(DAY, (day) => {
        expect(parseDate(format(day))).toBe(day.iso);
      }),
    );
  });

  it('written as DD/MM/YYYY when the day is over 12', () => {
    const lateDay = DAY.filter(({ d }) => d > 12);
    fc.assert(
      fc.property(lateDay, ({ y, m, d, iso }) => {
        expect(parseDate(`${d}/${pad(m)}/${y}`)).toBe(iso);
      }),
    );
  });

  it('gives either null or a real calendar date for any triple of numbers', () => {
    const part = fc.integer({ min: 0, max: 99 });
    fc.assert(
      fc.property(
        part,
        part,
        fc.integer({ min: 0, max: 3000 }),
        fc.constantFrom('/', '.', '-'),
        (a, b, c, sep) => {
          const parsed = parseDate(`${a}${sep}${b}${sep}${c}`);
          if (parsed === null) return;
          const round = new Date(`${parsed}T00:00:00Z`).toISOString().slice(0, 10);
          expect(round).toBe(parsed);
        },
      ),
    );
  });
});

const NUMBERISH = fc.string({
  unit: fc.constantFrom(..."0123456789.,' -+()$€%kMe\u2212\u00A0".split('')),
  maxLength: 16,
});

describe('the parsers never throw', () => {
  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), NUMBERISH), (raw) => {
        const number = parseNumber(raw);
        expect(number === null || Number.isFinite(number)).toBe(true);
        expect(parseDate(raw) ?? '2000-01-01').toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect([true, false, null]).toContain(parseBoolean(raw));
      }),
    );
  });
});

const COLUMNS = fc
  .uniqueArray(
    fc.oneof(
      fc.string({ minLength: 1, maxLength: 8 }),
      fc.constantFrom('__proto__', 'valueOf', 'Due Date'),
    ),
    { minLength: 1, maxLength: 6, selector: (name) => name.toLowerCase() },
  )
  .map((names) => [...new Set(names.map((name) => name.trim()).filter((name) => name !== ''))])
  .filter(
    (names) =>
      names.length > 0 && new Set(names.map((name) => name.toLowerCase())).size === names.length,
  )
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc.constantFrom(...COLUMN_TYPES).map((type): ColumnDefinition => ({ name, type })),
      ),
    ),
  );
const RAW_VALUE = fc.oneof(
  fc.string(),
  NUMBERISH,
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.date().map(String),
);

describe('coerceRow', () => {
  it('keeps only column names, always fills the first column, and types every value', () => {
    const input = COLUMNS.chain((columns) =>
      fc.tuple(
        fc.constant(columns),
        fc.dictionary(
          fc.oneof(fc.constantFrom(...columns.map((column) => column.name)), fc.string()),
          RAW_VALUE,
        ),
      ),
    );
    fc.assert(
      fc.property(input, ([columns, raw]) => {
        const row = coerceRow(raw, columns);
        const names = columns.map((column) => column.name);
        for (const key of Object.keys(row)) expect(names).toContain(key);
        expect(Object.hasOwn(row, names[0] ?? '')).toBe(true);
        columns.forEach((column, index) => {
          if (!Object.hasOwn(row, column.name)) return;
          const value = row[column.name];
          if (index === 0 && value === '') return;
          if (column.type === 'number') expect(Number.isFinite(value)).toBe(true);
          if (column.type === 'boolean') expect(typeof value).toBe('boolean');
          if (column.type === 'date') expect(value).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          if (column.type === 'text') expect(value).toBe(String(value).trim());
        });
      }),
    );
  });
});
