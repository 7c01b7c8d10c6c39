// Text cleaning shared by every reader: remove what carries no data, keep everything that does.

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

/**
 * Lines that repeat at the top or bottom of most pages (running headers, footers, page numbers)
 * carry no data. Returns the pages without them. Only the first and last `edge` lines of a page
 * are considered, and only when there are at least three pages.
 */
export function dropRunningLines(pages: string[][], edge = 2): string[][] {
  if (pages.length < 3) return pages;
  const normalise = (line: string) => line.toLowerCase().replace(/\d+/g, '#').trim();
  const counts = new Map<string, number>();
  for (const lines of pages) {
    const seen = new Set([...lines.slice(0, edge), ...lines.slice(-edge)].map(normalise));
    for (const key of seen) if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const threshold = Math.max(3, Math.ceil(pages.length * 0.6));
  const isRunning = (line: string) => (counts.get(normalise(line)) ?? 0) >= threshold;
  return pages.map((lines) =>
    lines.filter((line, index) => {
      const isEdge = index < edge || index >= lines.length - edge;
      return !(isEdge && isRunning(line));
    }),
  );
}
