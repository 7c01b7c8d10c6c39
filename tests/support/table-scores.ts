// How well a reader's text keeps a table's rows, counted as ../shared/eval/score-reading.py
// counts them: a row is intact when its non-empty cells appear in order within one line of the
// text (or a window of three lines, for cells that wrap). A footnote mark after a cell ("1,234¹",
// "0.4ᵖ") may come out raised or plain, spaced or not.

const SUPERSCRIPTS: Record<string, string> = { '¹': '1', '²': '2', '³': '3', ᵖ: 'p' };
const MARK = /([¹²³ᵖ*]+)$/u;

export const normalize = (text: string) =>
  text
    .replace(/\u00a0/g, ' ')
    .replace(/\\\|/g, '|')
    .replace(/[*_`#>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for one expected cell: its text, and its mark in any of the forms it can take. */
function cellPattern(cell: string): string {
  const found = MARK.exec(cell);
  if (!found || found.index === 0) return escape(normalize(cell));
  const base = normalize(cell.slice(0, found.index));
  const marks = [...found[1]!];
  const plain = marks.map((c) => SUPERSCRIPTS[c] ?? c).join('');
  const forms = [found[1]!, plain].map((form) => escape(normalize(form) || form));
  return `${escape(base)}\\s?(?:${forms.join('|')})?`;
}

/** Whether the row's cells appear in order in `text`. */
function inOrder(patterns: RegExp[], text: string): boolean {
  let at = 0;
  for (const pattern of patterns) {
    pattern.lastIndex = at;
    const found = pattern.exec(text);
    if (!found) return false;
    at = found.index + found[0].length;
  }
  return true;
}

/** Rows of two cells or more whose cells appear in order within a window of three lines. */
export function intactRows(rows: string[][], text: string): { intact: number; total: number } {
  const lines = text.split('\n').map(normalize).filter(Boolean);
  let intact = 0;
  let total = 0;
  for (const row of rows) {
    const cells = row.filter((cell) => normalize(cell) !== '');
    if (cells.length < 2) continue;
    total++;
    const patterns = cells.map((cell) => new RegExp(cellPattern(cell), 'gu'));
    if (lines.some((_, i) => inOrder(patterns, lines.slice(i, i + 3).join(' ')))) intact++;
  }
  return { intact, total };
}

/** Dot leaders after a label ("Employed . . . ."), which readers may keep or drop. */
const LEADERS = /(?:\s*[.·…]){3,}\s*$/u;

/** Cells that are equal once spaces, case, footnote marks and dot leaders are set aside. */
export function sameCell(expected: string, found: string | null | undefined): boolean {
  const bare = (text: string) => normalize(text.replace(LEADERS, '')).replace(/\s/g, '');
  const mark = MARK.exec(expected);
  const base = mark && mark.index > 0 ? expected.slice(0, mark.index) : expected;
  const marks =
    mark && mark.index > 0
      ? [mark[1]!, [...mark[1]!].map((c) => SUPERSCRIPTS[c] ?? c).join('')]
      : [];
  const cell = bare(found ?? '');
  return [base, ...marks.map((form) => base + form)].some((form) => bare(form) === cell);
}

/** Whether the row stands cell for cell as a row of one of the tables (empty cells aside). */
function isFound(row: string[], found: string[][]): boolean {
  const cells = row.filter((cell) => normalize(cell) !== '');
  return found.some((candidate) => {
    const filled = candidate.filter((cell) => normalize(cell) !== '');
    return filled.length === cells.length && cells.every((cell, i) => sameCell(cell, filled[i]));
  });
}

/** Rows not found cell for cell as a row of any of the tables. */
export function missingRows(rows: string[][], tables: string[][][]): string[][] {
  const found = tables.flat();
  return rows.filter((row) => !isFound(row, found));
}

/** Rows found cell for cell as a row of one of the tables. */
export const rowsAsTableRows = (rows: string[][], tables: string[][][]) =>
  rows.length - missingRows(rows, tables).length;
