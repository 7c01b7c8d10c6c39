import { describe, expect, it } from 'vitest';
import { evaluateFormula, parseFormula } from './formula';
import { fieldsSchema, recordDefinitionSchema, ruleSchema, slowPatternReason } from './records';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('fields', () => {
  it('are defined like columns, may be empty, and keep names apart', () => {
    expect(fieldsSchema.parse([])).toEqual([]);
    expect(
      fieldsSchema.parse([
        { name: 'total', type: 'number', description: 'Amount due' },
        { name: ' ' },
      ]),
    ).toEqual([{ name: 'total', type: 'number', description: 'Amount due' }]);
    expect(messages(fieldsSchema.safeParse([{ name: 'Total' }, { name: 'total' }]))).toEqual([
      'Field names must be different from each other.',
    ]);
    expect(messages(fieldsSchema.safeParse([{ name: 'total', type: 'money' }]))).toEqual([
      'A column’s type is text, number, date or boolean.',
    ]);
  });
});

describe('rules', () => {
  it('accept each type', () => {
    for (const rule of [
      { type: 'sum', column: 'amount', field: 'subtotal' },
      { type: 'sum', column: 'amount', field: 'subtotal', tolerance: 0.01 },
      { type: 'formula', expression: 'subtotal + tax = total' },
      { type: 'required', name: 'invoice_number' },
      { type: 'pattern', name: 'invoice_number', pattern: '^INV-\\d{4,}$' },
      { type: 'range', name: 'total', min: 0 },
      { type: 'range', name: 'date', min: '2020-01-01', max: '2030-12-31' },
      { type: 'unique', column: 'sku' },
    ])
      expect(ruleSchema.safeParse(rule).success, JSON.stringify(rule)).toBe(true);
  });

  it('explain what is wrong in words', () => {
    expect(messages(ruleSchema.safeParse({ type: 'average', column: 'x' }))).toEqual([
      'A rule’s type is one of sum, formula, required, pattern, range, unique.',
    ]);
    expect(messages(ruleSchema.safeParse({ type: 'sum', column: 'amount' }))).toEqual([
      'A rule needs the field it checks.',
    ]);
    expect(messages(ruleSchema.safeParse({ type: 'range', name: 'total' }))).toEqual([
      'A range rule needs a min, a max or both.',
    ]);
    expect(
      messages(ruleSchema.safeParse({ type: 'range', name: 'total', min: 5, max: 1 })),
    ).toEqual(['A range’s min must be of the same kind as its max and not above it.']);
    expect(
      messages(ruleSchema.safeParse({ type: 'sum', column: 'a', field: 'b', tolerance: -1 })),
    ).toEqual(['A tolerance cannot be negative.']);
    expect(
      messages(ruleSchema.safeParse({ type: 'formula', expression: 'subtotal + tax' })),
    ).toEqual([
      'A formula compares two sides with one “=” (like subtotal + tax = total); this one has none.',
    ]);
  });

  it('refuse a pattern that does not compile, is too long, or can run for ever', () => {
    const pattern = (value: string) =>
      messages(ruleSchema.safeParse({ type: 'pattern', name: 'code', pattern: value }));
    expect(pattern('^INV-(\\d+$')[0]).toMatch(/^The pattern is not a valid regular expression/);
    expect(pattern('a'.repeat(201))).toEqual(['A pattern must be under 200 characters.']);
    expect(pattern('^(a+)+$')[0]).toMatch(/repeats a group that repeats inside/);
    expect(pattern('^(\\d*,?)*$')[0]).toMatch(/repeats a group that repeats inside/);
    expect(pattern('(x)\\1')).toEqual(['Back-references (\\1) are not allowed in a pattern.']);
    expect(slowPatternReason('^[A-Z]{2}\\d{2}(?: ?\\d{4})+$')).toBeNull();
    expect(slowPatternReason('^(?:[+*]\\d)+$')).toBeNull();
    expect(slowPatternReason('^INV-\\d{4,}$')).toBeNull();
  });
});

describe('a record definition', () => {
  it('needs a name and rules that name what exists', () => {
    expect(messages(recordDefinitionSchema.safeParse({}))).toEqual([
      'At least one field or column name is required.',
    ]);
    const definition = recordDefinitionSchema.parse({
      fields: [{ name: 'subtotal', type: 'number' }],
      rules: [{ type: 'required', name: 'Subtotal' }],
    });
    expect(definition.columns).toEqual([]);
    expect(
      messages(
        recordDefinitionSchema.safeParse({
          fields: [{ name: 'total', type: 'number' }],
          columns: [{ name: 'amount', type: 'number' }, { name: 'total' }],
          rules: [
            { type: 'sum', column: 'amounts', field: 'total' },
            { type: 'formula', expression: 'subtotal + tax = total' },
            { type: 'unique', column: 'total' },
          ],
        }),
      ),
    ).toEqual([
      '“total” is both a field and a column; give them different names.',
      'Rule 1 (sum): there is no column named “amounts”.',
      'Rule 2 (formula): there is no field named “subtotal”.',
      'Rule 2 (formula): there is no field named “tax”.',
    ]);
  });
});

describe('formulas', () => {
  const value = (expression: string, values: Record<string, number>) => {
    const parsed = parseFormula(expression);
    if (!parsed.ok) throw new Error(parsed.message);
    const side = (node: typeof parsed.formula.left) => {
      const result = evaluateFormula(node, (name) => values[name] ?? NaN);
      return result.ok ? result.value : result.reason;
    };
    return [side(parsed.formula.left), side(parsed.formula.right)];
  };

  it('follow arithmetic: * and / before + and -, parentheses, signs', () => {
    expect(value('subtotal + tax = total', { subtotal: 100, tax: 7.5, total: 107.5 })).toEqual([
      107.5, 107.5,
    ]);
    expect(value('a + b * 2 = (a + b) * 2 - -1', { a: 1, b: 3 })).toEqual([7, 9]);
    expect(value('"net amount" * 1.2 = gross', { 'net amount': 10, gross: 12 })).toEqual([12, 12]);
    expect(value('a / b = 1', { a: 1, b: 0 })).toEqual(['division_by_zero', 1]);
  });

  it('list the names they use, and say where they go wrong', () => {
    const parsed = parseFormula('subtotal - discount + tax = total');
    expect(parsed.ok && parsed.formula.names).toEqual(['subtotal', 'discount', 'tax', 'total']);
    expect(parsed.ok && [parsed.formula.leftText, parsed.formula.rightText]).toEqual([
      'subtotal - discount + tax',
      'total',
    ]);
    const wrong = (expression: string) => {
      const result = parseFormula(expression);
      return result.ok ? null : result.message;
    };
    expect(wrong('a = b = c')).toMatch(/one “=”.*this one has 2/);
    expect(wrong('a + = b')).toBe('The left side of “=” ends where a value is expected.');
    expect(wrong('(a + b = c')).toBe('A “(” is not closed with “)”.');
    expect(wrong('a + b) = c')).toBe('The “)” at position 6 has no “(” before it.');
    expect(wrong('a b = c')).toBe(
      'Something unexpected at position 3: an operator may be missing.',
    );
    expect(wrong('process.exit(1) = 0')).toMatch(
      /“\.” at position 8 is not a number|cannot be used/,
    );
    expect(wrong('a ^ 2 = b')).toMatch(/“\^” at position 3 cannot be used/);
    expect(wrong(' = b')).toBe('The left side of “=” is empty.');
    expect(wrong(`${'('.repeat(30)}a${')'.repeat(30)} = a`)).toBe(
      'The formula nests deeper than 20 levels.',
    );
  });
});
