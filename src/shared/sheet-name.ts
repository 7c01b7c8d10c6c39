// Excel's rules for worksheet names, which a workbook must follow or Excel (and exceljs) refuse
// it: 1 to 31 characters, none of []:*?/\, no apostrophe at either end, not "History" (Excel
// keeps it for change tracking), and no two alike ignoring case.

export const MAX_SHEET_NAME_LENGTH = 31;
const RESERVED = ['history'];
const FALLBACK = 'Sheet';

/** The name without forbidden or invisible characters, runs of spaces made one. */
function cleaned(name: string): string {
  return name
    .replace(/[[\]:*?/\\\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** At most `length` UTF-16 units (Excel's count), never splitting a character in two. */
function cut(text: string, length: number): string {
  if (text.length <= length) return text;
  const kept = text.slice(0, length);
  return /[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept;
}

/** No apostrophe or space at either end (cutting can leave one at the end). */
function trimEnds(text: string): string {
  return text.replace(/^['\s]+|['\s]+$/g, '');
}

const key = (name: string) => name.toLowerCase();

/**
 * Gives valid, distinct sheet names in turn: each name made valid, then numbered " (2)",
 * " (3)"… when it is reserved or already given, cut so the number still fits.
 */
export function createSheetNamer(): (name: string) => string {
  const taken = new Set(RESERVED);
  return (name) => {
    const base = trimEnds(cut(cleaned(name), MAX_SHEET_NAME_LENGTH)) || FALLBACK;
    let candidate = base;
    for (let n = 2; taken.has(key(candidate)); n++) {
      const suffix = ` (${n})`;
      candidate = `${trimEnds(cut(base, MAX_SHEET_NAME_LENGTH - suffix.length))}${suffix}`;
    }
    taken.add(key(candidate));
    return candidate;
  };
}
