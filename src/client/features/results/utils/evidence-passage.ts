/** The source text around a value: `before` and `after` are cut at whitespace. */
export type EvidencePassage = {
  before: string;
  match: string;
  after: string;
  /** True when text before (after) the passage was left out, to be shown as an ellipsis. */
  clippedStart: boolean;
  clippedEnd: boolean;
};

export const PASSAGE_CONTEXT = 150;

/**
 * The passage `[start, end)` of `source` with about `context` characters on each side, trimmed
 * so no word is cut in half. Null when the span does not lie inside the source.
 */
export function evidencePassage(
  source: string,
  span: { start: number; end: number },
  context = PASSAGE_CONTEXT,
): EvidencePassage | null {
  const { start, end } = span;
  if (start < 0 || end <= start || end > source.length) return null;
  const from = Math.max(0, start - context);
  const to = Math.min(source.length, end + context);
  let before = source.slice(from, start);
  let after = source.slice(end, to);
  if (from > 0) {
    const firstBreak = before.search(/\s/);
    before = firstBreak === -1 ? before : before.slice(firstBreak);
  }
  if (to < source.length) {
    const lastBreak = after.search(/\s\S*$/);
    after = lastBreak === -1 ? after : after.slice(0, lastBreak);
  }
  return {
    before: before.trimStart(),
    match: source.slice(start, end),
    after: after.trimEnd(),
    clippedStart: from > 0,
    clippedEnd: to < source.length,
  };
}
