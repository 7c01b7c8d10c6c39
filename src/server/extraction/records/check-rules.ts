// Rules checked across a document's fields and line items (issue 31 point 5). Each rule gives one
// check: passed or not, the cells it involves, and a message a person understands. A value that
// is missing or not a number is said so plainly; the check then fails, since it could not pass.
// Names are matched like columns elsewhere (findName): exactly, else ignoring case and spaces.
import type { ColumnDefinition } from '../../../shared/columns';
import type { CellValue, ExtractedRow } from '../../../shared/extraction';
import { evaluateFormula, parseFormula, type FormulaNode } from '../../../shared/formula';
import type { ColumnDecimals } from '../../../shared/number-decimals';
import {
  DEFAULT_TOLERANCE,
  findName,
  RULE_LIMITS,
  type Check,
  type CheckCell,
  type Rule,
} from '../../../shared/records';
import { parseNumber } from '../coerce';
import {
  capitalize,
  isBlank,
  label,
  linePlural,
  linesText,
  quoted,
  shownDecimals,
  showNumber,
} from './rule-words';

export type { Check, CheckCell };

export type CheckRulesInput = {
  fields: readonly ColumnDefinition[];
  columns: readonly ColumnDefinition[];
  /** The document's field values, by field name. */
  values: Readonly<Record<string, CellValue>>;
  rows: readonly ExtractedRow[];
  rules: readonly Rule[];
  /** Per number field or column: the decimals the document writes it with. */
  decimals?: ColumnDecimals;
};

function numberOf(value: CellValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return typeof value === 'string' ? parseNumber(value) : null;
}

function cellOf(row: ExtractedRow | undefined, column: string): CellValue | undefined {
  return row && Object.hasOwn(row, column) ? row[column] : undefined;
}

type Context = CheckRulesInput & { fieldNames: string[]; columnNames: string[] };

const decimalsOf = (context: Context, name: string) =>
  context.decimals && Object.hasOwn(context.decimals, name) ? context.decimals[name] : undefined;

function fieldValue(context: Context, name: string): CellValue | undefined {
  return Object.hasOwn(context.values, name) ? context.values[name] : undefined;
}

function missingName(rule: Rule, kind: string, name: string): Check {
  return {
    rule,
    passed: false,
    message: `There is no ${kind} named “${name}”, so this rule could not be checked.`,
    cells: [],
  };
}

function checkSum(context: Context, rule: Extract<Rule, { type: 'sum' }>): Check {
  const column = findName(context.columnNames, rule.column);
  if (!column) return missingName(rule, 'column', rule.column);
  const field = findName(context.fieldNames, rule.field);
  if (!field) return missingName(rule, 'field', rule.field);
  const lines = linePlural(column) ?? `“${label(column)}” values`;
  const fieldLabel = `the ${label(field)}`;
  const addends: number[] = [];
  const cells: CheckCell[] = [{ field }];
  const notNumbers: number[] = [];
  context.rows.forEach((row, index) => {
    const value = cellOf(row, column);
    if (isBlank(value)) return;
    cells.push({ row: index, column });
    const number = numberOf(value);
    if (number === null) notNumbers.push(index);
    else addends.push(number);
  });
  const stated = fieldValue(context, field);
  const statedNumber = numberOf(stated);
  if (notNumbers.length > 0) {
    const first = cellOf(context.rows[notNumbers[0] ?? 0], column) ?? null;
    const what = notNumbers.length === 1 ? `${quoted(first)} is not a number` : 'are not numbers';
    return {
      rule,
      passed: false,
      message: `The ${label(column)} on ${linesText(notNumbers)} ${what}, so the ${lines} cannot be added up.`,
      cells,
    };
  }
  if (isBlank(stated))
    return {
      rule,
      passed: false,
      message: `${capitalize(fieldLabel)} is empty, so the ${lines} could not be checked against it.`,
      cells,
    };
  if (statedNumber === null)
    return {
      rule,
      passed: false,
      message: `${capitalize(fieldLabel)}, ${quoted(stated)}, is not a number, so the ${lines} could not be checked against it.`,
      cells,
    };
  const sum = addends.reduce((total, value) => total + value, 0);
  const decimals = shownDecimals(
    [decimalsOf(context, column), decimalsOf(context, field)],
    [...addends, statedNumber],
  );
  const shown = (value: number) => showNumber(value, decimals);
  const tolerance = rule.tolerance ?? DEFAULT_TOLERANCE;
  const passed = Math.abs(sum - statedNumber) <= tolerance + 1e-9;
  if (context.rows.length === 0 || addends.length === 0)
    return {
      rule,
      passed,
      message: passed
        ? `There are no ${lines} to add up, and ${fieldLabel} says ${shown(statedNumber)}.`
        : `There are no ${lines} to add up; ${fieldLabel} says ${shown(statedNumber)}.`,
      cells,
    };
  return {
    rule,
    passed,
    message: passed
      ? `The ${lines} add up to ${shown(sum)}, as ${fieldLabel} says.`
      : `The ${lines} add up to ${shown(sum)}; ${fieldLabel} says ${shown(statedNumber)}.`,
    cells,
  };
}

function checkFormula(context: Context, rule: Extract<Rule, { type: 'formula' }>): Check {
  const parsed = parseFormula(rule.expression);
  if (!parsed.ok) return { rule, passed: false, message: parsed.message, cells: [] };
  const { formula } = parsed;
  const resolved = new Map<string, string>();
  for (const name of formula.names) {
    const field = findName(context.fieldNames, name);
    if (!field) return missingName(rule, 'field', name);
    resolved.set(name, field);
  }
  const fields = [...new Set(resolved.values())];
  const cells: CheckCell[] = fields.map((field) => ({ field }));
  const expression = rule.expression.trim();
  const numbers = new Map<string, number>();
  // A field the document leaves out (an invoice without tax) counts as 0 if the formula then
  // holds; otherwise the rule says it is empty rather than guessing.
  const empty: string[] = [];
  for (const field of fields) {
    const value = fieldValue(context, field);
    const number = numberOf(value);
    if (number !== null) numbers.set(field, number);
    else if (isBlank(value)) empty.push(field);
    else
      return {
        rule,
        passed: false,
        message: `The ${label(field)}, ${quoted(value)}, is not a number, so ${expression} could not be checked.`,
        cells,
      };
  }
  const notChecked = (field: string): Check => ({
    rule,
    passed: false,
    message: `The ${label(field)} is empty, so ${expression} could not be checked.`,
    cells,
  });
  // Every field empty is nothing to check, not a formula that holds.
  if (empty.length === fields.length && empty[0]) return notChecked(empty[0]);
  const valueOf = (name: string) => numbers.get(resolved.get(name) ?? name) ?? 0;
  const left = evaluateFormula(formula.left, valueOf);
  const right = evaluateFormula(formula.right, valueOf);
  if (!left.ok || !right.ok)
    return {
      rule,
      passed: false,
      message: `${expression} divides by zero with these values, so it could not be checked.`,
      cells,
    };
  const decimals = shownDecimals(
    fields.map((field) => decimalsOf(context, field)),
    [...numbers.values()],
  );
  const shown = (value: number) => showNumber(value, decimals);
  const passed = Math.abs(left.value - right.value) <= (rule.tolerance ?? DEFAULT_TOLERANCE) + 1e-9;
  if (empty[0] && !passed) return notChecked(empty[0]);
  const side = (node: FormulaNode, text: string) =>
    node.kind === 'name'
      ? { name: `the ${label(resolved.get(node.name) ?? node.name)}`, verb: 'says' }
      : { name: text, verb: 'comes to' };
  const a = side(formula.left, formula.leftText);
  const b = side(formula.right, formula.rightText);
  return {
    rule,
    passed,
    message: passed
      ? `${expression} holds${empty.length ? `, with the ${empty.map(label).join(' and the ')} empty` : ''}: both sides come to ${shown(left.value)}.`
      : `${capitalize(a.name)} ${a.verb} ${shown(left.value)}; ${b.name} ${b.verb} ${shown(right.value)}.`,
    cells,
  };
}

type Target = { kind: 'field'; name: string } | { kind: 'column'; name: string };

function targetOf(context: Context, name: string): Target | null {
  const field = findName(context.fieldNames, name);
  if (field) return { kind: 'field', name: field };
  const column = findName(context.columnNames, name);
  return column ? { kind: 'column', name: column } : null;
}

/** The values a rule on a field or column looks at: one for a field, one per line for a column. */
function targetValues(context: Context, target: Target) {
  if (target.kind === 'field')
    return [{ value: fieldValue(context, target.name), cell: { field: target.name }, row: -1 }];
  return context.rows.map((row, index) => ({
    value: cellOf(row, target.name),
    cell: { row: index, column: target.name },
    row: index,
  }));
}

function checkRequired(context: Context, rule: Extract<Rule, { type: 'required' }>): Check {
  const target = targetOf(context, rule.name);
  if (!target) return missingName(rule, 'field or column', rule.name);
  const name = label(target.name);
  const values = targetValues(context, target);
  const empty = values.filter((entry) => isBlank(entry.value));
  if (target.kind === 'field')
    return {
      rule,
      passed: empty.length === 0,
      message: empty.length === 0 ? `The ${name} is filled in.` : `The ${name} is empty.`,
      cells: values.map((entry) => entry.cell),
    };
  return {
    rule,
    passed: empty.length === 0,
    message:
      empty.length === 0
        ? `Every line has a ${name}.`
        : `The ${name} is empty on ${linesText(empty.map((entry) => entry.row))}.`,
    cells: (empty.length > 0 ? empty : values).map((entry) => entry.cell),
  };
}

function textOf(value: CellValue): string {
  return typeof value === 'string' ? value.trim() : String(value);
}

function checkPattern(context: Context, rule: Extract<Rule, { type: 'pattern' }>): Check {
  const target = targetOf(context, rule.name);
  if (!target) return missingName(rule, 'field or column', rule.name);
  const name = label(target.name);
  let pattern: RegExp;
  try {
    pattern = new RegExp(rule.pattern, 'u');
  } catch {
    return {
      rule,
      passed: false,
      message: 'The pattern is not a valid regular expression.',
      cells: [],
    };
  }
  const values = targetValues(context, target).filter((entry) => !isBlank(entry.value));
  const failing = values.filter((entry) => {
    const text = textOf(entry.value ?? '');
    return text.length > RULE_LIMITS.patternValue || !pattern.test(text);
  });
  const cells = (failing.length > 0 ? failing : values).map((entry) => entry.cell);
  if (values.length === 0)
    return {
      rule,
      passed: true,
      message: `The ${name} is empty, so there is nothing to match.`,
      cells: targetValues(context, target).map((entry) => entry.cell),
    };
  if (failing.length === 0)
    return {
      rule,
      passed: true,
      message:
        target.kind === 'field'
          ? `The ${name} matches the pattern ${rule.pattern}.`
          : `Every ${name} matches the pattern ${rule.pattern}.`,
      cells,
    };
  const first = failing[0]?.value ?? '';
  return {
    rule,
    passed: false,
    message:
      target.kind === 'field'
        ? `The ${name} ${quoted(textOf(first))} does not match the pattern ${rule.pattern}.`
        : `The ${name} on ${linesText(failing.map((entry) => entry.row))} does not match the pattern ${rule.pattern} (${quoted(textOf(first))}).`,
    cells,
  };
}

function checkRange(context: Context, rule: Extract<Rule, { type: 'range' }>): Check {
  const target = targetOf(context, rule.name);
  if (!target) return missingName(rule, 'field or column', rule.name);
  const name = label(target.name);
  const isDate = typeof (rule.min ?? rule.max) === 'string';
  const values = targetValues(context, target).filter((entry) => !isBlank(entry.value));
  const read = (value: CellValue | undefined): number | string | null => {
    if (isDate)
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
    return numberOf(value ?? null);
  };
  const decimals = shownDecimals(
    [decimalsOf(context, target.name)],
    values.flatMap((entry) => {
      const number = numberOf(entry.value ?? null);
      return number === null ? [] : [number];
    }),
  );
  const show = (value: number | string) =>
    typeof value === 'number' ? showNumber(value, decimals) : value;
  const problems: { entry: (typeof values)[number]; shown: string; relation: string }[] = [];
  for (const entry of values) {
    const value = read(entry.value);
    if (value === null) {
      const kind = isDate ? 'a date' : 'a number';
      problems.push({ entry, shown: quoted(entry.value ?? null), relation: `is not ${kind}` });
    } else if (rule.min !== undefined && value < rule.min)
      problems.push({
        entry,
        shown: show(value),
        relation: `is below the minimum of ${show(rule.min)}`,
      });
    else if (rule.max !== undefined && value > rule.max)
      problems.push({
        entry,
        shown: show(value),
        relation: `is above the maximum of ${show(rule.max)}`,
      });
  }
  const bounds =
    rule.min !== undefined && rule.max !== undefined
      ? `between ${show(rule.min)} and ${show(rule.max)}`
      : rule.min !== undefined
        ? `at least ${show(rule.min)}`
        : `at most ${show(rule.max ?? 0)}`;
  if (problems.length === 0)
    return {
      rule,
      passed: true,
      message:
        values.length === 0
          ? `The ${name} is empty, so there is nothing to check.`
          : target.kind === 'field'
            ? `The ${name} is ${bounds}.`
            : `Every ${name} is ${bounds}.`,
      cells: values.map((entry) => entry.cell),
    };
  const cells = problems.map((problem) => problem.entry.cell);
  if (target.kind === 'field')
    return {
      rule,
      passed: false,
      message: `The ${name}, ${problems[0]?.shown}, ${problems[0]?.relation}.`,
      cells,
    };
  const listed = problems
    .slice(0, 3)
    .map((problem) => `${problem.shown} ${problem.relation} (line ${problem.entry.row + 1})`);
  const more = problems.length > 3 ? `, and ${problems.length - 3} more` : '';
  return {
    rule,
    passed: false,
    message: `The ${name} is out of range on ${linesText(problems.map((problem) => problem.entry.row))}: ${listed.join('; ')}${more}.`,
    cells,
  };
}

function checkUnique(context: Context, rule: Extract<Rule, { type: 'unique' }>): Check {
  const column = findName(context.columnNames, rule.column);
  if (!column) return missingName(rule, 'column', rule.column);
  const name = label(column);
  const seen = new Map<string, { value: CellValue; rows: number[] }>();
  context.rows.forEach((row, index) => {
    const value = cellOf(row, column);
    if (isBlank(value)) return;
    const key = typeof value === 'string' ? `s${value.trim().toLowerCase()}` : `v${String(value)}`;
    const entry = seen.get(key) ?? { value, rows: [] };
    entry.rows.push(index);
    seen.set(key, entry);
  });
  const repeats = [...seen.values()].filter((entry) => entry.rows.length > 1);
  if (repeats.length === 0)
    return {
      rule,
      passed: true,
      message: `Every line has a different ${name}.`,
      cells: [...seen.values()].flatMap((entry) => entry.rows.map((row) => ({ row, column }))),
    };
  const sentences = repeats
    .slice(0, 3)
    .map(
      (entry) =>
        `${capitalize(linesText(entry.rows))} have the same ${name}, ${textOf(entry.value)}`,
    );
  const more = repeats.length > 3 ? `; and ${repeats.length - 3} more values repeat` : '';
  return {
    rule,
    passed: false,
    message: `${sentences.join('; ')}${more}.`,
    cells: repeats.flatMap((entry) => entry.rows.map((row) => ({ row, column }))),
  };
}

/** Every rule checked, in the order given. */
export function checkRules(input: CheckRulesInput): Check[] {
  const context: Context = {
    ...input,
    fieldNames: input.fields.map((field) => field.name),
    columnNames: input.columns.map((column) => column.name),
  };
  return input.rules.map((rule) => {
    switch (rule.type) {
      case 'sum':
        return checkSum(context, rule);
      case 'formula':
        return checkFormula(context, rule);
      case 'required':
        return checkRequired(context, rule);
      case 'pattern':
        return checkPattern(context, rule);
      case 'range':
        return checkRange(context, rule);
      case 'unique':
        return checkUnique(context, rule);
    }
  });
}

/** The messages of failed checks by the cells they involve: what review flags on each cell. */
export type FailedCells = {
  fields: Map<string, string[]>;
  /** Row index → column → messages. */
  rows: Map<number, Map<string, string[]>>;
};

export function failedCells(checks: readonly Check[]): FailedCells {
  const result: FailedCells = { fields: new Map(), rows: new Map() };
  const add = (map: Map<string, string[]>, key: string, message: string) =>
    map.set(key, [...(map.get(key) ?? []), message]);
  for (const check of checks) {
    if (check.passed) continue;
    for (const cell of check.cells) {
      if ('field' in cell) add(result.fields, cell.field, check.message);
      else {
        const row = result.rows.get(cell.row) ?? new Map<string, string[]>();
        add(row, cell.column, check.message);
        result.rows.set(cell.row, row);
      }
    }
  }
  return result;
}
