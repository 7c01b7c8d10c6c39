// The header lines of a stream table → header cells. Each phrase heads the column under it; a
// phrase on an upper line centred over several columns ("Male" over "Total", "Under 18" and
// "18 years") heads all of them, so that the combined header reads "Male Under 18".
import type { LayoutCell } from './cell-table';
import { columnOf, type Column } from './columns';
import { phrases as splitPhrases, type Phrase } from './lines';
import type { LineInfo } from './stream';

/** A heading is centred over columns when its middle is this close (share of their width). */
const CENTRED = 0.2;
/** Headings of neighbouring columns may stand closer than table cells: split at this gap. */
const HEADING_GAP = 0.45;

const middle = (x0: number, x1: number) => (x0 + x1) / 2;

/** The widest run of columns around `home` that `phrase` is centred over, owned by no other phrase. */
function spanOf(
  phrase: Phrase,
  home: number,
  owners: number[],
  columns: Column[],
): [number, number] {
  let best: [number, number] = [home, home];
  const lowest = phrase.x0 <= columns[0]!.x1 ? 0 : 1;
  for (let a = home; a >= lowest; a--) {
    if (owners[a] !== -1 && a !== home) break;
    for (let b = home; b < columns.length; b++) {
      if (owners[b] !== -1 && b !== home) break;
      const [x0, x1] = [columns[a]!.x0, columns[b]!.x1];
      const isCentred =
        Math.abs(middle(phrase.x0, phrase.x1) - middle(x0, x1)) <= CENTRED * (x1 - x0);
      if (isCentred && b - a > best[1] - best[0]) best = [a, b];
    }
  }
  return best;
}

/** Header cells, one row per header line. */
export function headerCells(lines: LineInfo[], columns: Column[]): LayoutCell[] {
  const cells: LayoutCell[] = [];
  lines.forEach(({ line }, row) => {
    const phrases = splitPhrases(line, HEADING_GAP);
    const homes = phrases.map((phrase) => columnOf(columns, phrase));
    const owners = columns.map((_, c) => homes.indexOf(c));
    const isLast = row === lines.length - 1;
    const seen = new Set<number>();
    phrases.forEach((phrase, i) => {
      const home = homes[i]!;
      if (seen.has(home)) {
        const cell = cells.find(
          (c) => c.row === row && c.column <= home && home < c.column + c.columnSpan,
        );
        if (cell) cell.text += ` ${phrase.text}`;
        return;
      }
      const [a, b] = isLast ? [home, home] : spanOf(phrase, home, owners, columns);
      for (let c = a; c <= b; c++) seen.add(c);
      const isBold = phrase.words.every((word) => word.isBold);
      cells.push({
        text: phrase.text,
        row,
        column: a,
        rowSpan: 1,
        columnSpan: b - a + 1,
        isBold,
        isShaded: false,
      });
    });
  });
  return cells;
}
