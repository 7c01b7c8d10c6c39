/** Excel's widest sheet; a reference beyond it is ignored. */
export const MAX_COLUMNS = 16_384;

/** `BC12` → { column: 54 (0-based), row: 12 }. */
export function parseReference(reference: string): { column: number; row: number } | null {
  const match = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/.exec(reference.toUpperCase());
  if (!match) return null;
  let column = 0;
  for (const letter of match[1]!) column = column * 26 + (letter.charCodeAt(0) - 64);
  if (column > MAX_COLUMNS) return null;
  return { column: column - 1, row: Number(match[2]) };
}

export const columnName = (index: number): string =>
  (index >= 26 ? columnName(Math.floor(index / 26) - 1) : '') +
  String.fromCharCode(65 + (index % 26));
