/**
 * The passage of a document's text to show beside a reviewed cell, cut into pieces to highlight:
 * the value's own span, and the spans of its row's other values (outlined), so the user sees the
 * value where it was found and the row it should belong to. pdf.js's text highlighter was the
 * model: matches are given as offsets into the text, and the text is split at their edges.
 */
export type SourceMark = { start: number; end: number; kind: 'value' | 'row' };

export type SourcePiece = { text: string; kind: SourceMark['kind'] | null };

export type SourceWindow = {
  pieces: SourcePiece[];
  /** True when text before (after) the window was left out, to be shown as an ellipsis. */
  clippedStart: boolean;
  clippedEnd: boolean;
};

export const WINDOW_LIMITS = { contextLines: 2, maxCharacters: 1200 } as const;

function lineStart(text: string, at: number): number {
  return text.lastIndexOf('\n', Math.max(0, at - 1)) + 1;
}

function lineEnd(text: string, at: number): number {
  const end = text.indexOf('\n', at);
  return end === -1 ? text.length : end;
}

/** `at` moved back (or on) by `lines` whole lines. */
function linesBefore(text: string, at: number, lines: number): number {
  let start = lineStart(text, at);
  for (let i = 0; i < lines && start > 0; i++) start = lineStart(text, start - 1);
  return start;
}

function linesAfter(text: string, at: number, lines: number): number {
  let end = lineEnd(text, at);
  for (let i = 0; i < lines && end < text.length; i++) end = lineEnd(text, end + 1);
  return end;
}

/** The kind of mark over `[from, to)`: the value's own span wins over its row's. */
function kindAt(marks: readonly SourceMark[], from: number, to: number): SourcePiece['kind'] {
  const over = marks.filter((mark) => mark.start <= from && mark.end >= to);
  if (over.some((mark) => mark.kind === 'value')) return 'value';
  return over.length > 0 ? 'row' : null;
}

/**
 * The lines around the marks (whole lines, `contextLines` more on each side, at most about
 * `maxCharacters`), split at every mark's edges. Marks too far from the value's own (or, without
 * one, from the first) are left out. Null when no mark lies inside the text.
 */
export function sourceWindow(
  text: string,
  marks: readonly SourceMark[],
  limits: { contextLines: number; maxCharacters: number } = WINDOW_LIMITS,
): SourceWindow | null {
  const valid = marks.filter(
    (mark) => mark.start >= 0 && mark.end > mark.start && mark.end <= text.length,
  );
  const anchor = valid.find((mark) => mark.kind === 'value') ?? valid[0];
  if (!anchor) return null;
  const near = valid.filter(
    (mark) =>
      Math.max(mark.end, anchor.end) - Math.min(mark.start, anchor.start) <= limits.maxCharacters,
  );
  const first = Math.min(...near.map((mark) => mark.start));
  const last = Math.max(...near.map((mark) => mark.end));
  let from = linesBefore(text, first, limits.contextLines);
  let to = linesAfter(text, last, limits.contextLines);
  // Very long lines: keep the window to about the limit around the marks.
  const room = Math.max(0, limits.maxCharacters - (last - first));
  if (first - from > room / 2) from = first - Math.floor(room / 2);
  if (to - last > room / 2) to = last + Math.ceil(room / 2);

  const edges = new Set([from, to]);
  for (const mark of near) {
    if (mark.start > from && mark.start < to) edges.add(mark.start);
    if (mark.end > from && mark.end < to) edges.add(mark.end);
  }
  const points = [...edges].sort((a, b) => a - b);
  const pieces: SourcePiece[] = [];
  for (let i = 0; i + 1 < points.length; i++) {
    const [start, end] = [points[i] ?? 0, points[i + 1] ?? 0];
    const kind = kindAt(near, start, end);
    const previous = pieces.at(-1);
    if (previous && previous.kind === kind) previous.text += text.slice(start, end);
    else pieces.push({ text: text.slice(start, end), kind });
  }
  return { pieces, clippedStart: from > 0, clippedEnd: to < text.length };
}
