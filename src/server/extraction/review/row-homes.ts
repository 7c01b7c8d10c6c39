// Where each row of a result lives in the source: its "home", the line (a table row, a line of
// a statement) or the short passage (a record of "Key: value" lines) that holds most of its
// cells. The cells of one row should be found together; a value found only in another row's
// home is the most common silent error (another transaction's amount, the neighbouring date).
import type { Segment } from '../../../shared/document';
import type { CellEvidence } from '../../../shared/review';
import { isBlankMark } from './signals';

/** Lines of the Markdown, by their start offsets. */
export type Lines = { starts: number[]; text: string };

/** A row's home: lines `from` to `to` (inclusive), null when none of its cells was found. */
export type Home = { from: number; to: number } | null;

/**
 * A located cell of a row: its column, the line its evidence starts on, and whether it tells
 * where the row is (a placeholder or a value of one or two characters, "-", "5", stands on
 * many lines and says little).
 */
type Hit = { column: string; line: number; segment: number; isTelling: boolean };

const MIN_TELLING_LENGTH = 3;

/** Lines a passage may skip between two of a record's cells and stay one passage. */
const PASSAGE_GAP = 2;

export function buildLines(text: string): Lines {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return { starts, text };
}

/** The last item of a sorted list at or before `value` (its index), -1 when there is none. */
function lastAtOrBefore(sorted: ArrayLike<number>, value: number): number {
  let low = 0;
  let high = sorted.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((sorted[middle] ?? 0) <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

export const lineOf = (lines: Lines, offset: number) =>
  Math.max(0, lastAtOrBefore(lines.starts, offset));

/** Character offsets of lines `from` to `to`: [start, end). */
export function lineSpan(lines: Lines, from: number, to: number) {
  const start = lines.starts[from] ?? lines.text.length;
  const next = lines.starts[to + 1];
  return { start, end: next === undefined ? lines.text.length : next - 1 };
}

function segmentIndex(segmentStarts: number[], offset: number): number {
  return lastAtOrBefore(segmentStarts, offset);
}

/**
 * The row's home from its located cells (the telling ones, when there are any); lines other rows
 * already live on come second.
 */
function homeOf(located: Hit[], claimed: Set<number>): Home {
  const telling = located.filter((hit) => hit.isTelling);
  const hits = telling.length > 0 ? telling : located;
  if (hits.length === 0) return null;
  const counts = new Map<number, number>();
  for (const hit of hits) counts.set(hit.line, (counts.get(hit.line) ?? 0) + 1);
  const most = Math.max(...counts.values());
  const pick = (lines: number[]) => lines.find((line) => !claimed.has(line)) ?? lines[0] ?? 0;
  if (most >= 2 || hits.length === 1) {
    const line = pick(
      [...counts.keys()].filter((key) => counts.get(key) === most).sort((a, b) => a - b),
    );
    return { from: line, to: line };
  }
  // Each cell on a line of its own: a record over several lines. Its home is the largest run
  // of cells within a few lines of each other, in one segment.
  const sorted = [...hits].sort((a, b) => a.line - b.line);
  const runs: Hit[][] = [];
  for (const hit of sorted) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && hit.line - last.line <= PASSAGE_GAP && hit.segment === last.segment)
      run.push(hit);
    else runs.push([hit]);
  }
  const longest = Math.max(...runs.map((run) => run.length));
  const candidates = runs.filter((run) => run.length === longest);
  const run =
    candidates.find((candidate) => candidate.every((hit) => !claimed.has(hit.line))) ??
    candidates[0] ??
    [];
  if (run.length >= 2) return { from: run[0]?.line ?? 0, to: run.at(-1)?.line ?? 0 };
  const middle = sorted[(sorted.length - 1) >> 1];
  return middle ? { from: middle.line, to: middle.line } : null;
}

/**
 * Every row's home, in row order (rows follow the document, so a row prefers lines no earlier
 * row lives on), and for each line the rows living on it.
 */
export function findHomes(options: {
  lines: Lines;
  segments: Segment[];
  evidence: Record<string, CellEvidence>[];
}): { homes: Home[]; residents: Map<number, number[]> } {
  const { lines, evidence } = options;
  const isTelling = (cell: NonNullable<CellEvidence>) => {
    const text = lines.text.slice(cell.start, cell.end);
    return text.trim().length >= MIN_TELLING_LENGTH && !isBlankMark(text);
  };
  const segmentStarts = options.segments.map((segment) => segment.start).sort((a, b) => a - b);
  const claimed = new Set<number>();
  const residents = new Map<number, number[]>();
  const homes = evidence.map((row, rowIndex) => {
    const hits: Hit[] = [];
    for (const [column, cell] of Object.entries(row)) {
      if (!cell) continue;
      hits.push({
        column,
        line: lineOf(lines, cell.start),
        segment: segmentIndex(segmentStarts, cell.start),
        isTelling: isTelling(cell),
      });
    }
    const home = homeOf(hits, claimed);
    if (!home) return null;
    for (let line = home.from; line <= home.to; line++) {
      claimed.add(line);
      const list = residents.get(line);
      if (list) list.push(rowIndex);
      else residents.set(line, [rowIndex]);
    }
    return home;
  });
  return { homes, residents };
}

export const isAtHome = (home: Home, line: number) =>
  home !== null && line >= home.from && line <= home.to;
