// Lines around a CSV's table that are not rows of it, as statistics portals export them: a title,
// a unit or a source line above the header, and notes below the rows ("1 Provisional.", "Source:
// ..."), each a line of one field where the table's rows have several. They come out as text
// around the table, so that the title is not taken for the header nor the notes for rows. A file
// whose rows all have as many fields (a grid, however its first row looks) is read as it was.
import { isValueLike } from './csv';

const filled = (row: string[]) => row.filter((cell) => cell.trim() !== '');
/** A note under a table: a sentence, or a line opening with a note's mark or word. */
const NOTE = /^(?:notes?\b|source\b|[*†‡¹²³—–-]|\(?\d{1,2}\)?\s|\(?[a-z]\)\s)/i;
/** The legend of a flag statistics offices set by figures: "p Provisional.", ": Not available." */
const FLAG_LEGEND = /^(?:\p{Ll}|[:.…])\s+\p{Lu}/u;

function isNote(row: string[]): boolean {
  if (row.length !== 1) return false;
  const text = row[0]!.trim();
  return (
    !isValueLike(text) &&
    (NOTE.test(text) || FLAG_LEGEND.test(text) || text.split(/\s+/).length >= 4)
  );
}

export type CsvParts = { above: string[]; rows: string[][]; below: string[] };

/** The table's rows, and the one-cell lines above and the notes below it. */
export function splitTitleAndNotes(rows: string[][]): CsvParts {
  const width = Math.max(0, ...rows.map((row) => row.length));
  if (width < 2) return { above: [], rows, below: [] };
  let start = 0;
  while (start < rows.length - 1 && rows[start]!.length === 1) start++;
  let end = rows.length;
  while (end > start + 1 && isNote(rows[end - 1]!)) end--;
  const text = (part: string[][]) => part.flatMap((row) => filled(row).map((cell) => cell.trim()));
  return {
    above: text(rows.slice(0, start)),
    rows: rows.slice(start, end),
    below: text(rows.slice(end)),
  };
}
