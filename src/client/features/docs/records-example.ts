/**
 * The worked invoice of /docs#records: what is asked (fields, line-item columns, rules), what a
 * run finds, the failed check, the correction that fixes the misread line and the check after
 * it. docs-facts.test.ts checks each message against the rule checker itself, and
 * docs/examples/cli-records.sh runs the same invoice from the command line.
 */
export const RECORDS_EXAMPLE = {
  request: {
    fields: [
      { name: 'invoice_number' },
      { name: 'date', type: 'date' },
      { name: 'subtotal', type: 'number' },
      { name: 'tax', type: 'number' },
      { name: 'total', type: 'number' },
    ],
    columns: [{ name: 'item' }, { name: 'amount', type: 'number' }],
    rules: [
      { type: 'sum', column: 'amount', field: 'subtotal' },
      { type: 'formula', expression: 'subtotal + tax = total' },
    ],
  },
  found: {
    fields: {
      invoice_number: 'INV-2041',
      date: '2025-03-14',
      subtotal: 106,
      tax: 8.16,
      total: 114.16,
    },
    rows: [
      { item: 'Copy paper', amount: 40 },
      { item: 'Toner cartridge', amount: 56 },
    ],
  },
  failed: 'The line amounts add up to 96.00; the subtotal says 106.00.',
  formula: 'subtotal + tax = total holds: both sides come to 114.16.',
  /** The toner line was misread: 56.00 where the paper says 66.00. */
  correction: { row: 1, column: 'amount', value: 66 },
  corrected: 'The line amounts add up to 106.00, as the subtotal says.',
} as const;

/** The rule types as /docs lists them, each with an example (docs-facts holds them to the schema). */
export const RULE_TYPES = [
  [
    'sum',
    'A column’s values add up to a field.',
    '{"type": "sum", "column": "amount", "field": "subtotal"}',
  ],
  [
    'formula',
    'Fields agree by a formula: field names, numbers, + - * / ( ) and one =; a name with spaces in double quotes.',
    '{"type": "formula", "expression": "subtotal + tax = total"}',
  ],
  [
    'required',
    'A field, or a column on every line item, is not empty.',
    '{"type": "required", "name": "invoice_number"}',
  ],
  [
    'pattern',
    'Values match a regular expression.',
    '{"type": "pattern", "name": "invoice_number", "pattern": "^INV-\\\\d+$"}',
  ],
  [
    'range',
    'Values lie between min and max (numbers, or dates YYYY-MM-DD); either may be left out.',
    '{"type": "range", "name": "total", "min": 0}',
  ],
  [
    'unique',
    'No two line items share a value in the column.',
    '{"type": "unique", "column": "item"}',
  ],
] as const;
