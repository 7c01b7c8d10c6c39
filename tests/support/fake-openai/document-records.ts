/**
 * How the fake model reads a document: GFM tables (header row, separator, rows) and simple
 * `Key: value` lines, as records keyed by header, in document order.
 */
export type SourceRecord = Record<string, string>;

const SEPARATOR = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/;
const KEY_VALUE = /^(?:[-*]\s+)?(?:\*\*)?([^:|*]{1,60}?)(?:\*\*)?:\s+(.+?)\s*$/;

export function splitRow(line: string): string[] {
  const inner = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

function isTableStart(lines: string[], index: number): boolean {
  const line = lines[index]?.trim() ?? '';
  return line.startsWith('|') && SEPARATOR.test(lines[index + 1]?.trim() ?? '');
}

/** The table starting at `index`: its records and the index of the first line after it. */
function readTable(lines: string[], index: number): { records: SourceRecord[]; next: number } {
  const header = splitRow(lines[index] ?? '');
  const records: SourceRecord[] = [];
  let next = index + 2;
  while (next < lines.length && (lines[next] ?? '').trim().startsWith('|')) {
    const cells = splitRow(lines[next] ?? '');
    records.push(Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])));
    next += 1;
  }
  return { records, next };
}

export function recordsIn(document: string): SourceRecord[] {
  const lines = document.split(/\r?\n/);
  const records: SourceRecord[] = [];
  let current: SourceRecord = {};
  const flush = () => {
    if (Object.keys(current).length > 0) records.push(current);
    current = {};
  };
  for (let index = 0; index < lines.length;) {
    if (isTableStart(lines, index)) {
      flush();
      const table = readTable(lines, index);
      records.push(...table.records);
      index = table.next;
      continue;
    }
    const match = KEY_VALUE.exec(lines[index] ?? '');
    if (match?.[1] && match[2]) {
      const key = match[1].trim();
      if (Object.hasOwn(current, key)) flush();
      current[key] = match[2];
    }
    index += 1;
  }
  flush();
  return records;
}
