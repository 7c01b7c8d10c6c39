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

/** Cells that are equal once spaces, case and footnote marks are set aside. */
export function sameCell(expected: string, found: string | null | undefined): boolean {
  const bare = (text: string) => normalize(text).replace(/\s/g, '');
  const pattern = new RegExp(`^${cellPattern(expected).replace(/\\s\?/g, '')}$`, 'u');
  return bare(expected) === bare(found ?? '') || pattern.test(bare(found ?? ''));
}

/** Rows found cell for cell as a row of one of the tables. */
export function rowsAsTableRows(rows: string[][], tables: string[][][]): number {
  const found = tables.flat();
  return rows.filter((row) => {
    const cells = row.filter((cell) => normalize(cell) !== '');
    return found.some((candidate) => {
      const filled = candidate.filter((cell) => normalize(cell) !== '');
      return filled.length === cells.length && cells.every((cell, i) => sameCell(cell, filled[i]));
    });
  }).length;
}
