// Pages for the layout tests, made of words the way a PDF places them: pieces of text at an x on a
// baseline, 5 units a character (a space too), so a test reads like the page it stands for.
import { groupLines, type TextLine } from '../../src/server/extraction/read/layout/lines';
import { layoutPage } from '../../src/server/extraction/read/layout/page-layout';
import type { Word } from '../../src/server/extraction/read/layout/types';

/** Words of a text piece at `x` on baseline `y`. */
export function pieceWords(x: number, y: number, text: string, size: number): Word[] {
  const words: Word[] = [];
  let offset = 0;
  for (const part of text.split(' ')) {
    const x0 = x + offset * 5;
    if (part) {
      const box = { x0, x1: x0 + part.length * 5, baseline: y, size, isBold: false };
      // A word after a space in the piece follows a space character, as a PDF's text does.
      const followsSpace = offset > 0;
      words.push({ ...box, text: part, top: y - 0.8 * size, bottom: y + 0.2 * size, followsSpace });
    }
    offset += part.length + 1;
  }
  return words;
}

/** One line of a page: its baseline, its [x, text] pieces and their size (10 unless given). */
export type PageRow = [y: number, pieces: [x: number, text: string][], size?: number];

/** The words of a page, as a PDF places them. */
export const pageWords = (rows: PageRow[]): Word[] =>
  rows.flatMap(([y, pieces, size = 10]) =>
    pieces.flatMap(([x, text]) => pieceWords(x, y, text, size)),
  );

/** The text lines of a page. */
export const page = (rows: PageRow[]): TextLine[] => groupLines(pageWords(rows));

/** The blocks of a page of loose lines (no ruled tables), its body size the median size. */
export function layoutLines(lines: TextLine[], pageNumber = 1, running = new Set<TextLine>()) {
  const sizes = lines.flatMap((line) => line.words.map((word) => word.size));
  const bodySize = [...sizes].sort((a, b) => a - b)[Math.floor(sizes.length / 2)] ?? 1;
  const prepared = { tables: [], lines, usedGuests: new Set<Word>(), bodySize };
  return layoutPage(prepared, { page: pageNumber, source: 'pdf', running });
}
