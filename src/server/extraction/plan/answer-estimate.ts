import type { ColumnDefinition } from '../../../shared/columns';

/** The fake model's and OpenAI's rough measure for English and JSON: four characters a token. */
export const CHARACTERS_PER_TOKEN = 4;

/** A piece of the document as the planner sees it: a table row (with its cells) or a block. */
export type AnswerSource =
  { kind: 'table-row'; cells: string[] } | { kind: 'text'; text: string; isHeading: boolean };

/** The answer's JSON around each row: `{` `}` `,` and per column `"name":` and quotes and a comma. */
export function rowOverheadCharacters(columns: ColumnDefinition[]): number {
  return columns.reduce((sum, column) => sum + column.name.length + 6, 3);
}

const KEY_VALUE_LINE = /^\s*(?:[-*]\s+)?(?:\*\*)?[^:|]{1,60}?(?:\*\*)?:\s+\S/;

/**
 * How many records a block of text holds: a record of `Key: value` lines is one row for as
 * many lines as it has keys the columns could name; other lines are a row each (a statement
 * line, a list item). A heading holds none.
 */
export function rowsInText(text: string, columns: number): number {
  const lines = text.split('\n').filter((line) => line.trim());
  const keyValues = lines.filter((line) => KEY_VALUE_LINE.test(line)).length;
  const records =
    keyValues > 0 ? Math.ceil(keyValues / Math.max(1, Math.min(columns, keyValues))) : 0;
  return records + (lines.length - keyValues);
}

/**
 * The answer a piece is likely to cost: its rows, and per row the JSON keys plus the values the
 * columns take from it. A table row gives at most one value per column (its widest cells: a
 * table wider than the columns is not copied whole); a text row gives its words, spread over
 * the columns.
 */
export function estimateAnswer(
  source: AnswerSource,
  columns: ColumnDefinition[],
): { rows: number; tokens: number } {
  const overhead = rowOverheadCharacters(columns);
  if (source.kind === 'table-row') {
    const widest = source.cells
      .map((cell) => cell.trim().length)
      .sort((a, b) => b - a)
      .slice(0, columns.length);
    const values = widest.reduce((sum, length) => sum + length, 0);
    return { rows: 1, tokens: Math.ceil((overhead + values) / CHARACTERS_PER_TOKEN) };
  }
  if (source.isHeading) return { rows: 0, tokens: 0 };
  const rows = rowsInText(source.text, columns.length);
  const values = source.text.replace(/\s+/g, ' ').trim().length;
  return { rows, tokens: Math.ceil((rows * overhead + values) / CHARACTERS_PER_TOKEN) };
}
