// Locators: ways of finding one value in the indexed Markdown. Each answers "the occurrence at or
// after this offset" or "the last one before it", and remembers where it found nothing, so that a
// value repeated in every row (or absent from the text) costs one scan, not one per row.
import { isWordChar, nearestSpan, numberKey, type Span, type TextIndex } from './evidence-index';

export type MatchKind = 'exact' | 'normalized';

export type Locator = {
  match: MatchKind;
  /** At or after `from` (forward), or strictly before it (backward). Offsets are in the text. */
  find(from: number, isForward: boolean): Span | null;
};

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';
const GLUE = new Set(['.', ',', '/', ':', '-']);

/**
 * Whether an occurrence stands on its own: "2" is not the 2 of "2024", nor of "1.25" or
 * "03/2/24"; "Coffee" is not the start of "Coffees". Edges that are not letters or digits
 * ("(3.50)") need no boundary.
 */
function isBounded(haystack: string, start: number, end: number): boolean {
  const first = haystack[start];
  const last = haystack[end - 1];
  const before = haystack[start - 1];
  const after = haystack[end];
  if (isWordChar(first)) {
    if (isWordChar(before)) return false;
    if (isDigit(first) && GLUE.has(before ?? '') && isDigit(haystack[start - 2])) return false;
  }
  if (isWordChar(last)) {
    if (isWordChar(after)) return false;
    if (isDigit(last) && GLUE.has(after ?? '') && isDigit(haystack[end + 1])) return false;
  }
  return true;
}

function scan(haystack: string, needle: string, from: number, isForward: boolean): number {
  let at = isForward
    ? haystack.indexOf(needle, from)
    : from > 0
      ? haystack.lastIndexOf(needle, from - 1)
      : -1;
  while (at >= 0) {
    if (isBounded(haystack, at, at + needle.length)) return at;
    at = isForward
      ? haystack.indexOf(needle, at + 1)
      : at > 0
        ? haystack.lastIndexOf(needle, at - 1)
        : -1;
  }
  return -1;
}

/** Wraps a search with memory of the ranges known to hold no occurrence. */
function remembering(
  match: MatchKind,
  search: (from: number, isForward: boolean) => Span | null,
): Locator {
  let noneFrom = Number.POSITIVE_INFINITY;
  let noneBefore = Number.NEGATIVE_INFINITY;
  return {
    match,
    find(from, isForward) {
      // Nothing at or after a, nothing before b >= a: the value is nowhere.
      if (noneBefore >= noneFrom) return null;
      if (isForward ? from >= noneFrom : from <= noneBefore) return null;
      const span = search(from, isForward);
      if (!span && isForward) noneFrom = Math.min(noneFrom, from);
      if (!span && !isForward) noneBefore = Math.max(noneBefore, from);
      return span;
    },
  };
}

/** The first folded offset whose character starts at or after text offset `from`. */
function foldedOffset(index: TextIndex, from: number): number {
  let low = 0;
  let high = index.foldedStart.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((index.foldedStart[middle] ?? 0) < from) low = middle + 1;
    else high = middle;
  }
  return low;
}

export function exactLocator(index: TextIndex, needle: string): Locator {
  return remembering('exact', (from, isForward) => {
    const at = scan(index.text, needle, from, isForward);
    return at < 0 ? null : { start: at, end: at + needle.length };
  });
}

export function foldedLocator(index: TextIndex, needle: string): Locator {
  return remembering('normalized', (from, isForward) => {
    const at = scan(index.folded, needle, foldedOffset(index, from), isForward);
    if (at < 0) return null;
    const start = index.foldedStart[at] ?? 0;
    return { start, end: index.foldedEnd[at + needle.length - 1] ?? start };
  });
}

export function spansLocator(spans: Span[] | undefined): Locator | null {
  if (!spans || spans.length === 0) return null;
  return { match: 'normalized', find: (from, isForward) => nearestSpan(spans, from, isForward) };
}

export const numberLocator = (index: TextIndex, value: number) =>
  spansLocator(index.numbers.get(numberKey(value)));

export const dateLocator = (index: TextIndex, iso: string) => spansLocator(index.dates.get(iso));
