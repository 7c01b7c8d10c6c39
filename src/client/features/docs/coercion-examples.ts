/**
 * The examples of /docs#coercion: written value(s), what each is read as, and the rule, with
 * several examples of a row separated by ' · '. tests/integration/docs-facts.test.ts checks
 * every pair against the real parsers.
 */
export const NUMBER_EXAMPLES = [
  [
    '1,234,567.89 · 1.234.567,89',
    '1234567.89',
    'with both marks, the last one is the decimal point',
  ],
  [
    '1 234,5 · 1’234.50 · 12,34,567',
    '1234.5 · 1234.5 · 1234567',
    'spaces, apostrophes and Indian grouping',
  ],
  [
    '1,234 · 1,23 · 1.234',
    '1234 · 1.23 · 1.234',
    'one comma before three digits groups thousands; a single dot is always decimal',
  ],
  [
    '$1,234 · 1.234,56 € · USD 12',
    '1234 · 1234.56 · 12',
    'currency signs and codes, before or after',
  ],
  ['12.5%', '12.5', 'percentages stay in percent units'],
  [
    '(1,234) · −5 · 1234-',
    '-1234 · -5 · -1234',
    'accounting parentheses, Unicode minus, trailing minus',
  ],
  ['1.2k · $3M · 4.1 billion', '1200 · 3000000 · 4100000000', 'k, M, B, T, mn, bn and the words'],
] as const;

export const DATE_EXAMPLES = [
  ['2025-03-03 · 2025/3/3 · 20250303', '2025-03-03', 'year first; a time part is ignored'],
  ['03/04/2025', '2025-03-04', 'slash or dash with the year last: month first…'],
  ['15/03/2025', '2025-03-15', '…unless the first number is over 12'],
  ['03.04.2025', '2025-04-03', 'dots with the year last: day first'],
  [
    '3/4/25 · 1/1/69',
    '2025-03-04 · 1969-01-01',
    'two-digit years: 00–68 are 2000s, 69–99 are 1900s',
  ],
  ['Mar 3, 2025 · Monday, 3rd March 2025', '2025-03-03', 'English month names, ordinals, weekdays'],
] as const;
