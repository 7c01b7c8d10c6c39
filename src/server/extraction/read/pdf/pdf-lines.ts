// Positioned text pieces → lines in reading order, each split into cells where a gap is much wider
// than a space (a column gap in a table or between text columns).

/** A run of text on one line, with its horizontal extent in page units. */
export type PdfCell = { text: string; x0: number; x1: number };

/** One visual line: `y` is the baseline measured from the top of the page, `size` the font size. */
export type PdfLine = { y: number; size: number; cells: PdfCell[]; text: string };

/** A piece of text positioned in viewport space (y grows downwards). */
export type PdfFragment = { text: string; x0: number; x1: number; y: number; size: number };

/** Baselines closer than this fraction of the font size are the same line. */
const SAME_LINE_FRACTION = 0.45;
/** A gap wider than this fraction of the font size separates two words. */
const WORD_GAP_FRACTION = 0.12;
/** A gap wider than this fraction of the font size separates two cells. */
const CELL_GAP_FRACTION = 1.0;

function groupLines(fragments: PdfFragment[]): PdfFragment[][] {
  const sorted = [...fragments].sort((a, b) => a.y - b.y || a.x0 - b.x0);
  const groups: { y: number; size: number; items: PdfFragment[] }[] = [];
  for (const fragment of sorted) {
    const last = groups.at(-1);
    const tolerance = SAME_LINE_FRACTION * Math.min(fragment.size, last?.size ?? fragment.size);
    if (last && Math.abs(fragment.y - last.y) <= tolerance) {
      last.items.push(fragment);
      last.size = Math.max(last.size, fragment.size);
      continue;
    }
    groups.push({ y: fragment.y, size: fragment.size, items: [fragment] });
  }
  return groups.map((group) => group.items.sort((a, b) => a.x0 - b.x0));
}

function joinPieces(left: string, right: string, gap: number, size: number): string {
  const hasSpace = /\s$/.test(left) || /^\s/.test(right);
  return gap > WORD_GAP_FRACTION * size && !hasSpace ? `${left} ${right}` : left + right;
}

function toCells(items: PdfFragment[]): PdfCell[] {
  const cells: PdfCell[] = [];
  for (const item of items) {
    const last = cells.at(-1);
    const gap = last ? item.x0 - last.x1 : Infinity;
    if (last && gap <= CELL_GAP_FRACTION * item.size) {
      last.text = joinPieces(last.text, item.text, gap, item.size);
      last.x1 = Math.max(last.x1, item.x1);
      continue;
    }
    cells.push({ text: item.text, x0: item.x0, x1: item.x1 });
  }
  return cells
    .map((cell) => ({ ...cell, text: cell.text.replace(/\s+/g, ' ').trim() }))
    .filter((cell) => cell.text);
}

/** Lines top to bottom, cells left to right. Blank pieces are ignored. */
export function toLines(fragments: PdfFragment[]): PdfLine[] {
  const lines: PdfLine[] = [];
  for (const items of groupLines(fragments.filter((f) => f.text.trim()))) {
    const cells = toCells(items);
    if (cells.length === 0) continue;
    const size = median(items.map((item) => item.size));
    const y = median(items.map((item) => item.y));
    lines.push({ y, size, cells, text: cells.map((cell) => cell.text).join(' ') });
  }
  return lines;
}

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
