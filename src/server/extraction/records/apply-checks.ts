// Rules checked on a result, and what they do to its review (issue 31 point 5): every rule gives
// a check; a failed one puts a RULE_FAILED reason, with the check's message, on each cell it
// involves. Pure and idempotent, so it runs at the end of every run and again after every
// correction: once a line is fixed and the lines add up, the subtotal's flag goes.
//
// A cell a person has edited or accepted keeps confidence 1 and is never flagged by a rule: the
// person's word stands on that cell. It still carries the RULE_FAILED reason while the rule fails
// (the check's other cells stay flagged until the values agree).
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractionResult } from '../../../shared/extraction';
import type { Rule } from '../../../shared/records';
import type { CellReview, ReviewReason, RowCells } from '../../../shared/review';
import { summarizeReview } from '../review/review-cells';
import { combineSignals, WEIGHTS } from '../review/signals';
import { checkRules, failedCells } from './check-rules';
import { EMPTY_CELL } from '../../../shared/review';
import { setOwn } from '../../../shared/own-property';

/** What applying checks reads and rewrites of a result. */
export type CheckedParts = Pick<
  ExtractionResult,
  | 'fieldDefinitions'
  | 'fields'
  | 'fieldCells'
  | 'rows'
  | 'cells'
  | 'columns'
  | 'decimals'
  | 'fallback'
  | 'checks'
  | 'review'
>;

const RULE_FAILED = 'RULE_FAILED';

/** Low enough that a failed rule flags a cell whatever else is said of it, under any threshold. */
export function ruleFailedWeight(threshold: number): number {
  return Math.min(WEIGHTS.ruleFailed, Math.floor(threshold * 50) / 100);
}

const sameMessages = (a: readonly ReviewReason[], b: readonly string[]) =>
  a.length === b.length && a.every((reason, index) => reason.message === b[index]);

/** The cell with the RULE_FAILED reasons of `messages` (none when every rule on it passes). */
function checkedCell(cell: CellReview, messages: readonly string[], threshold: number): CellReview {
  const weight = ruleFailedWeight(threshold);
  const ruleReasons = cell.reasons.filter((reason) => reason.code === RULE_FAILED);
  const isCurrent =
    sameMessages(ruleReasons, messages) && ruleReasons.every((reason) => reason.weight === weight);
  if (isCurrent) return cell;
  const others = cell.reasons.filter((reason) => reason.code !== RULE_FAILED);
  const signals = [
    ...others,
    ...messages.map((message) => ({ code: RULE_FAILED, message, weight }) as const),
  ];
  const { confidence, reasons } = combineSignals(signals);
  if (cell.edited || cell.accepted) return { ...cell, reasons };
  return { ...cell, confidence, flagged: confidence < threshold, reasons };
}

function withMessages(
  cells: RowCells,
  names: readonly string[],
  messagesOf: (name: string) => readonly string[],
  threshold: number,
): RowCells {
  const next: RowCells = {};
  for (const [name, cell] of Object.entries(cells))
    setOwn(next, name, checkedCell(cell, messagesOf(name), threshold));
  for (const name of names) {
    const messages = messagesOf(name);
    if (!Object.hasOwn(next, name) && messages.length > 0)
      setOwn(next, name, checkedCell(EMPTY_CELL, messages, threshold));
  }
  return next;
}

const namesOf = (definitions: readonly ColumnDefinition[]) =>
  definitions.map((definition) => definition.name);

/**
 * The result with its rules checked again: `checks` for these values, RULE_FAILED reasons on
 * exactly the cells of failed checks, and `review` counting cells and fields. A result whose rows
 * are SPEC's fallback (not data) is checked as having no line items, and its rows' cells are left
 * as they are.
 */
export function applyChecks<T extends CheckedParts>(
  result: T,
  options: { rules: readonly Rule[]; threshold: number },
): T {
  const isData = result.fallback === null || result.fallback === undefined;
  const rows = isData ? result.rows : [];
  const checks = checkRules({
    fields: result.fieldDefinitions,
    columns: result.columns,
    values: result.fields,
    rows,
    rules: options.rules,
    decimals: result.decimals,
  });
  const failed = failedCells(checks);
  const fieldCells = withMessages(
    result.fieldCells,
    namesOf(result.fieldDefinitions),
    (name) => failed.fields.get(name) ?? [],
    options.threshold,
  );
  const cells = isData
    ? result.cells.map((row, index) =>
        withMessages(
          row,
          [...(failed.rows.get(index)?.keys() ?? [])],
          (name) => failed.rows.get(index)?.get(name) ?? [],
          options.threshold,
        ),
      )
    : result.cells;
  const review = summarizeReview(isData ? [...cells, fieldCells] : [fieldCells]);
  return { ...result, checks, fieldCells, cells, review };
}
