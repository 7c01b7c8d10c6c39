// Records (issue 31): a document's own `fields` (one value per document: invoice number, date,
// total) beside its line-item `columns`, and `rules` checked across them. A field is defined
// exactly like a column (columnDefinitionSchema); a rule names fields and columns.
import { z } from 'zod';
import { COLUMN_LIMITS } from './column-types';
import { columnDefinitionSchema, type ColumnDefinition } from './columns';
import { FORMULA_LIMITS, parseFormula } from './formula';

/** The document fields of a run: blank names dropped, names different; may be empty. */
export const fieldsSchema = z
  .array(columnDefinitionSchema)
  .max(COLUMN_LIMITS.columns, `At most ${COLUMN_LIMITS.columns} fields.`)
  .transform((fields) => fields.filter((field) => field.name !== ''))
  .refine(
    (fields) => new Set(fields.map((field) => field.name.toLowerCase())).size === fields.length,
    'Field names must be different from each other.',
  );

export type FieldDefinition = ColumnDefinition;

export const RULE_LIMITS = { rules: 50, pattern: 200, patternValue: 1000 } as const;

/** Half a cent: two amounts that round to the same cent agree. */
export const DEFAULT_TOLERANCE = 0.005;

const nameSchema = (what: string) =>
  z
    .string({ error: `A rule needs the ${what} it checks.` })
    .trim()
    .min(1, `A rule needs the ${what} it checks.`)
    .max(COLUMN_LIMITS.name, `Names are under ${COLUMN_LIMITS.name} characters.`);

const toleranceSchema = z
  .number({ error: 'A tolerance is a number, like 0.01.' })
  .min(0, 'A tolerance cannot be negative.')
  .optional()
  .describe(
    'How far apart the two sides may be and still agree; half a cent (0.005) when left out.',
  );

/**
 * Why a pattern could take very long on some values (a group repeated that itself repeats, like
 * `(a+)+` or `(\d*)*`), or null when it cannot. Escapes and character classes are skipped.
 */
export function slowPatternReason(pattern: string): string | null {
  const groups: { repeats: boolean }[] = [{ repeats: false }];
  const isQuantifier = (at: number) => {
    const char = pattern[at];
    return char === '*' || char === '+' || (char === '{' && /^\{\d+,\d*\}/.test(pattern.slice(at)));
  };
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at];
    if (char === '\\') {
      if (/[1-9]/.test(pattern[at + 1] ?? ''))
        return 'Back-references (\\1) are not allowed in a pattern.';
      at += 1;
    } else if (char === '[') {
      at += 1;
      if (pattern[at] === ']') at += 1;
      while (at < pattern.length && pattern[at] !== ']') at += pattern[at] === '\\' ? 2 : 1;
    } else if (char === '(') {
      groups.push({ repeats: false });
    } else if (char === ')') {
      const group = groups.pop();
      const parent = groups.at(-1);
      if (!group || !parent) continue;
      const repeated = isQuantifier(at + 1);
      if (repeated && group.repeats)
        return 'The pattern repeats a group that repeats inside (like (a+)+), which can take very long on some values; write it without the nested repeat.';
      parent.repeats ||= group.repeats || repeated;
    } else if (isQuantifier(at)) {
      const group = groups.at(-1);
      if (group) group.repeats = true;
    }
  }
  return null;
}

const patternSchema = z
  .string({ error: 'A pattern rule needs a pattern.' })
  .min(1, 'A pattern rule needs a pattern.')
  .max(RULE_LIMITS.pattern, `A pattern must be under ${RULE_LIMITS.pattern} characters.`)
  .superRefine((pattern, context) => {
    try {
      new RegExp(pattern, 'u');
    } catch (error) {
      const detail =
        error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : '';
      context.addIssue({
        code: 'custom',
        message: `The pattern is not a valid regular expression${detail ? ` (${detail})` : ''}.`,
      });
      return;
    }
    const slow = slowPatternReason(pattern);
    if (slow) context.addIssue({ code: 'custom', message: slow });
  });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const boundSchema = z.union([z.number(), z.string().regex(ISO_DATE)], {
  error: 'A range’s min and max are numbers, or dates written YYYY-MM-DD.',
});

export const sumRuleSchema = z
  .object({
    type: z.literal('sum'),
    column: nameSchema('column').describe('The line-item column whose values are added up.'),
    field: nameSchema('field').describe('The field the sum must equal, like subtotal.'),
    tolerance: toleranceSchema,
  })
  .describe(
    'A column’s values add up to a field: {type:"sum", column:"amount", field:"subtotal"}.',
  );

export const formulaRuleSchema = z
  .object({
    type: z.literal('formula'),
    expression: z
      .string({ error: 'A formula rule needs an expression, like subtotal + tax = total.' })
      .max(FORMULA_LIMITS.length, `A formula must be under ${FORMULA_LIMITS.length} characters.`)
      .superRefine((expression, context) => {
        const parsed = parseFormula(expression);
        if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
      })
      .describe(
        'Two sides over fields with one =: field names, numbers, + - * / and parentheses; a name with spaces in double quotes.',
      ),
    tolerance: toleranceSchema,
  })
  .describe('Fields agree by a formula: {type:"formula", expression:"subtotal + tax = total"}.');

export const requiredRuleSchema = z
  .object({
    type: z.literal('required'),
    name: nameSchema('field or column'),
  })
  .describe('A field, or a column on every line item, is not empty.');

export const patternRuleSchema = z
  .object({
    type: z.literal('pattern'),
    name: nameSchema('field or column'),
    pattern: patternSchema.describe(
      'A regular expression (JavaScript, Unicode) the whole value must match, like ^INV-\\d+$.',
    ),
  })
  .describe('A field’s or column’s values match a regular expression.');

export const rangeRuleSchema = z
  .object({
    type: z.literal('range'),
    name: nameSchema('field or column'),
    min: boundSchema.optional(),
    max: boundSchema.optional(),
  })
  .refine((rule) => rule.min !== undefined || rule.max !== undefined, {
    message: 'A range rule needs a min, a max or both.',
  })
  .refine(
    (rule) =>
      rule.min === undefined ||
      rule.max === undefined ||
      (typeof rule.min === typeof rule.max && rule.min <= rule.max),
    { message: 'A range’s min must be of the same kind as its max and not above it.' },
  )
  .describe(
    'A field’s or column’s values lie between min and max (either may be left out): numbers, or dates written YYYY-MM-DD.',
  );

export const uniqueRuleSchema = z
  .object({
    type: z.literal('unique'),
    column: nameSchema('column'),
  })
  .describe('No two line items have the same value in a column (an invoice’s line numbers).');

const RULE_TYPES = ['sum', 'formula', 'required', 'pattern', 'range', 'unique'] as const;

export const ruleSchema = z.discriminatedUnion(
  'type',
  [
    sumRuleSchema,
    formulaRuleSchema,
    requiredRuleSchema,
    patternRuleSchema,
    rangeRuleSchema,
    uniqueRuleSchema,
  ],
  { error: `A rule’s type is one of ${RULE_TYPES.join(', ')}.` },
);

export const rulesSchema = z
  .array(ruleSchema)
  .max(RULE_LIMITS.rules, `At most ${RULE_LIMITS.rules} rules.`);

export type Rule = z.output<typeof ruleSchema>;
export type RuleType = Rule['type'];

/** Finds a field or column by name: exactly, else ignoring case, spaces and underscores. */
export function findName(names: readonly string[], name: string): string | undefined {
  if (names.includes(name)) return name;
  const form = (text: string) => text.toLowerCase().replace(/[\s_\-.]+/g, '');
  return names.find((candidate) => form(candidate) === form(name));
}

/**
 * What is wrong with rules given the fields and columns they are checked on: each problem in
 * words, with the rule's place (1-based). Empty when all rules can be checked.
 */
export function ruleProblems(
  rules: readonly Rule[],
  definitions: { fields: readonly ColumnDefinition[]; columns: readonly ColumnDefinition[] },
): string[] {
  const fieldNames = definitions.fields.map((field) => field.name);
  const columnNames = definitions.columns.map((column) => column.name);
  const problems: string[] = [];
  rules.forEach((rule, index) => {
    const place = `Rule ${index + 1} (${rule.type})`;
    const needField = (name: string) => {
      if (!findName(fieldNames, name))
        problems.push(`${place}: there is no field named “${name}”.`);
    };
    const needColumn = (name: string) => {
      if (!findName(columnNames, name))
        problems.push(`${place}: there is no column named “${name}”.`);
    };
    switch (rule.type) {
      case 'sum':
        needColumn(rule.column);
        needField(rule.field);
        return;
      case 'unique':
        needColumn(rule.column);
        return;
      case 'formula': {
        const parsed = parseFormula(rule.expression);
        if (parsed.ok) parsed.formula.names.forEach(needField);
        return;
      }
      default:
        if (!findName([...fieldNames, ...columnNames], rule.name))
          problems.push(`${place}: there is no field or column named “${rule.name}”.`);
    }
  });
  return problems;
}

/**
 * Fields, columns and rules together, as a request or an extractor carries them: at least one
 * name overall, no name both a field and a column, and rules that name what exists.
 */
export const recordDefinitionSchema = z
  .object({
    fields: fieldsSchema.default([]),
    columns: z
      .array(columnDefinitionSchema)
      .max(COLUMN_LIMITS.columns, `At most ${COLUMN_LIMITS.columns} columns.`)
      .transform((columns) => columns.filter((column) => column.name !== ''))
      .refine(
        (columns) =>
          new Set(columns.map((column) => column.name.toLowerCase())).size === columns.length,
        'Column names must be different from each other.',
      )
      .default([]),
    rules: rulesSchema.default([]),
  })
  .superRefine((definition, context) => {
    if (definition.fields.length + definition.columns.length === 0)
      context.addIssue({
        code: 'custom',
        message: 'At least one field or column name is required.',
        path: ['columns'],
      });
    const columns = new Set(definition.columns.map((column) => column.name.toLowerCase()));
    for (const field of definition.fields)
      if (columns.has(field.name.toLowerCase()))
        context.addIssue({
          code: 'custom',
          message: `“${field.name}” is both a field and a column; give them different names.`,
          path: ['fields'],
        });
    for (const message of ruleProblems(definition.rules, definition))
      context.addIssue({ code: 'custom', message, path: ['rules'] });
  });

export type RecordDefinition = z.output<typeof recordDefinitionSchema>;
export type RecordDefinitionInput = z.input<typeof recordDefinitionSchema>;

/** A cell a check involves: a field, or a line item's column (`row` is 0-based in `rows`). */
export const checkCellSchema = z.union([
  z.object({ field: z.string() }),
  z.object({ row: z.number().int().nonnegative(), column: z.string() }),
]);

/** One rule checked on one document: passed or not, why in words, and the cells it involves. */
export const checkSchema = z.object({
  rule: ruleSchema,
  passed: z.boolean(),
  message: z
    .string()
    .describe(
      'What was found, for people: "The line amounts add up to 96.00; the subtotal says 106.00."',
    ),
  cells: z.array(checkCellSchema),
});

export type CheckCell = z.output<typeof checkCellSchema>;
export type Check = z.output<typeof checkSchema>;
