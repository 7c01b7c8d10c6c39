// Text cleaning shared by every reader: remove what carries no data, keep everything that does.

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;
const INVISIBLE_CHARACTERS = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
const ODD_SPACES = /[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]/g;

/** One line: no control or invisible characters, single spaces, no edge spaces. */
export function cleanLine(text: string): string {
  return text
    .replace(CONTROL_CHARACTERS, '')
    .replace(INVISIBLE_CHARACTERS, '')
    .replace(/\t/g, ' ')
    .replace(ODD_SPACES, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** A block of text: lines cleaned, line endings unified, at most one blank line in a row. */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u2028\u2029]/g, '\n')
    .split('\n')
    .map(cleanLine)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const PAGE_NUMBER = /^[-–—\s]*(page|p\.|pg\.?)?\s*\d{1,4}(\s*(of|\/)\s*\d{1,4})?[-–—\s]*$/i;

/**
 * Running headers and footers: a line repeated at the top or bottom of most pages is kept where it
 * first appears and dropped from the other pages (so a table header repeated on every page stays
 * with its table once, and no data line is lost); page-number lines at page edges are dropped.
 * Only the first and last `edge` lines of a page are considered, and only with three pages or more.
 */
export function dropRunningLines(pages: string[][], edge = 2): string[][] {
  if (pages.length < 3) return pages;
  const key = (line: string) => line.toLowerCase().trim();
  const isEdge = (lines: string[], index: number) => index < edge || index >= lines.length - edge;
  const counts = new Map<string, number>();
  for (const lines of pages) {
    const seen = new Set(lines.filter((_, index) => isEdge(lines, index)).map(key));
    for (const line of seen) if (line) counts.set(line, (counts.get(line) ?? 0) + 1);
  }
  const threshold = Math.max(3, Math.ceil(pages.length * 0.6));
  const kept = new Set<string>();
  return pages.map((lines) =>
    lines.filter((line, index) => {
      if (!isEdge(lines, index)) return true;
      if (PAGE_NUMBER.test(line)) return false;
      const lineKey = key(line);
      if ((counts.get(lineKey) ?? 0) < threshold) return true;
      if (kept.has(lineKey)) return false;
      kept.add(lineKey);
      return true;
    }),
  );
}
