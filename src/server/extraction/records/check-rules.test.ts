import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../shared/extraction';
import { ruleSchema } from '../../../shared/records';
import { checkRules, failedCells } from './check-rules';

const fields: ColumnDefinition[] = [
  { name: 'invoice_number', type: 'text' },
  { name: 'date', type: 'date' },
  { name: 'subtotal', type: 'number' },
  { name: 'tax', type: 'number' },
  { name: 'total', type: 'number' },
];
const columns: ColumnDefinition[] = [
  { name: 'item', type: 'text' },
  { name: 'sku', type: 'text' },
  { name: 'amount', type: 'number' },
];
const invoice: Record<string, CellValue> = {
  invoice_number: 'INV-2041',
  date: '2025-03-01',
  subtotal: 106,
  tax: 10.6,
  total: 116.6,
};
const items: ExtractedRow[] = [
  { item: 'Paper', sku: 'P-1', amount: 40 },
  { item: 'Toner', sku: 'T-9', amount: 56 },
  { item: 'Delivery', sku: 'D-0', amount: 10 },
];

function check(
  rule: unknown,
  options: { values?: Record<string, CellValue>; rows?: ExtractedRow[] } = {},
) {
  const [result] = checkRules({
    fields,
    columns,
    values: options.values ?? invoice,
    rows: options.rows ?? items,
    rules: [ruleSchema.parse(rule)],
    decimals: { subtotal: 2, tax: 2, total: 2, amount: 2 },
  });
  if (!result) throw new Error('no check');
  return result;
}

describe('a sum rule', () => {
  const rule = { type: 'sum', column: 'amount', field: 'subtotal' };

  it('passes when the lines add up to the field, within half a cent', () => {
    expect(check(rule, { values: { ...invoice, subtotal: 106.004 } }).passed).toBe(true);
    const rows = [{ amount: 40.1 }, { amount: 55.9 }, { amount: 10 }];
    const result = check(rule, { rows });
    expect(result.passed).toBe(true);
    expect(result.message).toBe('The line amounts add up to 106.00, as the subtotal says.');
    expect(result.cells).toEqual([
      { field: 'subtotal' },
      { row: 0, column: 'amount' },
      { row: 1, column: 'amount' },
      { row: 2, column: 'amount' },
    ]);
  });

  it('fails with both figures, written with the document’s decimals', () => {
    const result = check(rule, { rows: items.slice(0, 2) });
    expect(result.passed).toBe(false);
    expect(result.message).toBe('The line amounts add up to 96.00; the subtotal says 106.00.');
  });

  it('takes a tolerance', () => {
    expect(
      check({ ...rule, tolerance: 0.5 }, { values: { ...invoice, subtotal: 106.4 } }).passed,
    ).toBe(true);
    expect(
      check({ ...rule, tolerance: 0.5 }, { values: { ...invoice, subtotal: 106.6 } }).passed,
    ).toBe(false);
  });

  it('says plainly when the field is empty or a line is not a number', () => {
    expect(check(rule, { values: { ...invoice, subtotal: null } }).message).toBe(
      'The subtotal is empty, so the line amounts could not be checked against it.',
    );
    expect(check(rule, { values: { ...invoice, subtotal: 'see attached' } }).message).toBe(
      'The subtotal, “see attached”, is not a number, so the line amounts could not be checked against it.',
    );
    const result = check(rule, { rows: [...items, { item: 'Fee', amount: 'n/a' }] });
    expect(result.passed).toBe(false);
    expect(result.message).toBe(
      'The amount on line 4 “n/a” is not a number, so the line amounts cannot be added up.',
    );
  });

  it('reads amounts the model gave as text', () => {
    const rows = [{ amount: '1,000.50' }, { amount: '€ 5.50' }];
    expect(check(rule, { rows, values: { ...invoice, subtotal: '1 006,00' } }).passed).toBe(true);
  });
});

describe('a formula rule', () => {
  it('passes when both sides agree', () => {
    const result = check({ type: 'formula', expression: 'subtotal + tax = total' });
    expect(result.passed).toBe(true);
    expect(result.message).toBe('subtotal + tax = total holds: both sides come to 116.60.');
    expect(result.cells).toEqual([{ field: 'subtotal' }, { field: 'tax' }, { field: 'total' }]);
  });

  it('fails with what each side comes to', () => {
    const result = check(
      { type: 'formula', expression: 'subtotal + tax = total' },
      { values: { ...invoice, total: 107 } },
    );
    expect(result.passed).toBe(false);
    expect(result.message).toBe('Subtotal + tax comes to 116.60; the total says 107.00.');
    expect(
      check(
        { type: 'formula', expression: 'total = subtotal * 1.1' },
        { values: { ...invoice, total: 117 } },
      ).message,
    ).toBe('The total says 117.00; subtotal * 1.1 comes to 116.60.');
  });

  it('counts a field the document leaves out as 0 when the formula then holds', () => {
    const withoutTax = check(
      { type: 'formula', expression: 'subtotal + tax = total' },
      { values: { ...invoice, tax: null, total: 106 } },
    );
    expect(withoutTax.passed).toBe(true);
    expect(withoutTax.message).toBe(
      'subtotal + tax = total holds, with the tax empty: both sides come to 106.00.',
    );
    expect(
      check({ type: 'formula', expression: 'subtotal + tax = total' }, { values: {} }).message,
    ).toBe('The subtotal is empty, so subtotal + tax = total could not be checked.');
  });

  it('says which field is missing, not a number, or divides by zero', () => {
    expect(
      check({ type: 'formula', expression: 'subtotal + tax = total' }, { values: { subtotal: 1 } })
        .message,
    ).toBe('The tax is empty, so subtotal + tax = total could not be checked.');
    expect(
      check(
        { type: 'formula', expression: 'Subtotal + TAX = total' },
        { values: { ...invoice, tax: 'exempt' } },
      ).message,
    ).toBe('The tax, “exempt”, is not a number, so Subtotal + TAX = total could not be checked.');
    expect(
      check({ type: 'formula', expression: 'total / tax = 11' }, { values: { ...invoice, tax: 0 } })
        .message,
    ).toBe('total / tax = 11 divides by zero with these values, so it could not be checked.');
  });
});

describe('a required rule', () => {
  it('checks a field', () => {
    expect(check({ type: 'required', name: 'invoice_number' }).message).toBe(
      'The invoice number is filled in.',
    );
    const result = check(
      { type: 'required', name: 'invoice_number' },
      { values: { ...invoice, invoice_number: '  ' } },
    );
    expect(result).toMatchObject({
      passed: false,
      message: 'The invoice number is empty.',
      cells: [{ field: 'invoice_number' }],
    });
  });

  it('checks every line of a column', () => {
    expect(check({ type: 'required', name: 'sku' }).message).toBe('Every line has a sku.');
    const rows: ExtractedRow[] = [{ sku: 'A' }, { sku: null }, {}, { sku: 'B' }];
    expect(check({ type: 'required', name: 'sku' }, { rows })).toMatchObject({
      passed: false,
      message: 'The sku is empty on lines 2 and 3.',
      cells: [
        { row: 1, column: 'sku' },
        { row: 2, column: 'sku' },
      ],
    });
  });
});

describe('a pattern rule', () => {
  const rule = { type: 'pattern', name: 'invoice_number', pattern: '^INV-\\d{4}$' };

  it('passes a matching value and fails another, quoting it', () => {
    expect(check(rule).passed).toBe(true);
    const result = check(rule, { values: { ...invoice, invoice_number: '2041' } });
    expect(result.passed).toBe(false);
    expect(result.message).toBe(
      'The invoice number “2041” does not match the pattern ^INV-\\d{4}$.',
    );
  });

  it('leaves an empty value to the required rule, and checks columns line by line', () => {
    expect(check(rule, { values: { ...invoice, invoice_number: null } }).passed).toBe(true);
    const result = check(
      { type: 'pattern', name: 'sku', pattern: '^[A-Z]-\\d$' },
      {
        rows: [{ sku: 'P-1' }, { sku: 'p1' }, { sku: 'Q-12' }],
      },
    );
    expect(result).toMatchObject({
      passed: false,
      message: 'The sku on lines 2 and 3 does not match the pattern ^[A-Z]-\\d$ (“p1”).',
      cells: [
        { row: 1, column: 'sku' },
        { row: 2, column: 'sku' },
      ],
    });
  });

  it('does not test values too long to check quickly', () => {
    const long = `INV-${'1'.repeat(2000)}`;
    const rule = { type: 'pattern', name: 'invoice_number', pattern: '^INV-\\d+$' };
    expect(check(rule, { values: { ...invoice, invoice_number: long } }).passed).toBe(false);
  });
});

describe('a range rule', () => {
  it('checks numbers against min and max', () => {
    expect(check({ type: 'range', name: 'total', min: 0, max: 1000 }).message).toBe(
      'The total is between 0.00 and 1000.00.',
    );
    const result = check(
      { type: 'range', name: 'total', max: 100 },
      { values: { ...invoice, total: 116.6 } },
    );
    expect(result).toMatchObject({
      passed: false,
      message: 'The total, 116.60, is above the maximum of 100.00.',
      cells: [{ field: 'total' }],
    });
  });

  it('checks dates, and says when a value is not one', () => {
    const rule = { type: 'range', name: 'date', min: '2025-01-01', max: '2025-12-31' };
    expect(check(rule).passed).toBe(true);
    expect(check(rule, { values: { ...invoice, date: '2024-12-31' } }).message).toBe(
      'The date, 2024-12-31, is below the minimum of 2025-01-01.',
    );
    expect(check(rule, { values: { ...invoice, date: 'soon' } }).message).toBe(
      'The date, “soon”, is not a date.',
    );
  });

  it('checks each line of a column', () => {
    const rows = [{ amount: 5 }, { amount: -2 }, { amount: 'free' }];
    expect(check({ type: 'range', name: 'amount', min: 0 }, { rows })).toMatchObject({
      passed: false,
      message:
        'The amount is out of range on lines 2 and 3: -2.00 is below the minimum of 0.00 (line 2); “free” is not a number (line 3).',
      cells: [
        { row: 1, column: 'amount' },
        { row: 2, column: 'amount' },
      ],
    });
  });
});

describe('a unique rule', () => {
  it('passes different values and names the lines that repeat one', () => {
    expect(check({ type: 'unique', column: 'sku' }).message).toBe(
      'Every line has a different sku.',
    );
    const rows = [{ sku: 'P-1' }, { sku: 'T-9' }, { sku: 'p-1 ' }, { sku: null }, { sku: null }];
    expect(check({ type: 'unique', column: 'sku' }, { rows })).toMatchObject({
      passed: false,
      message: 'Lines 1 and 3 have the same sku, P-1.',
      cells: [
        { row: 0, column: 'sku' },
        { row: 2, column: 'sku' },
      ],
    });
  });
});

describe('checkRules', () => {
  it('checks every rule in order and says when a rule names nothing known', () => {
    const checks = checkRules({
      fields,
      columns,
      values: invoice,
      rows: items,
      rules: [
        { type: 'required', name: 'due_date' },
        { type: 'sum', column: 'amount', field: 'subtotal' },
      ],
    });
    expect(checks.map((result) => [result.passed, result.message])).toEqual([
      [false, 'There is no field or column named “due_date”, so this rule could not be checked.'],
      [true, 'The line amounts add up to 106, as the subtotal says.'],
    ]);
  });
});

describe('failedCells', () => {
  it('gathers the messages of failed checks by field and by line item', () => {
    const checks = checkRules({
      fields,
      columns,
      values: { ...invoice, total: 120 },
      rows: [...items, { item: 'Paper', sku: 'P-1', amount: 40 }],
      rules: [
        { type: 'sum', column: 'amount', field: 'subtotal' },
        { type: 'formula', expression: 'subtotal + tax = total' },
        { type: 'unique', column: 'sku' },
        { type: 'required', name: 'invoice_number' },
      ],
    });
    const failed = failedCells(checks);
    expect(Object.fromEntries(failed.fields)).toEqual({
      subtotal: [
        'The line amounts add up to 146; the subtotal says 106.',
        'Subtotal + tax comes to 116.6; the total says 120.0.',
      ],
      tax: ['Subtotal + tax comes to 116.6; the total says 120.0.'],
      total: ['Subtotal + tax comes to 116.6; the total says 120.0.'],
    });
    expect(failed.rows.get(3)).toEqual(
      new Map([
        ['amount', ['The line amounts add up to 146; the subtotal says 106.']],
        ['sku', ['Lines 1 and 4 have the same sku, P-1.']],
      ]),
    );
  });
});
