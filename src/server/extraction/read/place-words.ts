// Where each word of the Markdown stands on its page. Readers of PDFs and images know every
// word's box; the Markdown is built from those words, reordered into lines, tables and
// paragraphs. Each Markdown word is matched back to a page word with the same letters and digits,
// going through both in reading order (the next unused match after the last one, else the
// nearest unused one on the page), so that a value's evidence can be shown on the page.
import type { DocumentLayout, LayoutWord, PageSize, Segment } from '../../../shared/document';
import { numberedHeaderLength } from './markdown-table';
import type { PlacedWord } from './types';

/** How far ahead of the last match a word is looked for before the whole page is searched. */
const LOOK_AHEAD = 400;
/** Words looked at when a Markdown word spans several page words, or part of one. */
const JOIN_WINDOW = 40;

type PageWords = { words: PlacedWord[]; forms: string[]; byForm: Map<string, number[]> };

/** Letters and digits only, lower case: "1,234.50" and "1 234.50" are one form. */
export function wordForm(text: string): string {
  // Most words are plain ASCII: the same form without Unicode normalisation, which costs more.
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return text.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Words in reading order: lines from top to bottom (by their middles), left to right. */
function readingOrder(words: PlacedWord[]): PlacedWord[] {
  const sorted = [...words].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const lines: PlacedWord[][] = [];
  for (const word of sorted) {
    const line = lines.at(-1);
    const first = line?.[0];
    const middle = (word.y0 + word.y1) / 2;
    const isSameLine =
      first !== undefined &&
      Math.abs(middle - (first.y0 + first.y1) / 2) <= Math.max(first.y1 - first.y0, 1) / 2;
    if (line && isSameLine) line.push(word);
    else lines.push([word]);
  }
  return lines.flatMap((line) => line.sort((a, b) => a.x0 - b.x0));
}

function indexPage(words: PlacedWord[]): PageWords {
  const ordered = readingOrder(words);
  const forms = ordered.map((word) => wordForm(word.text));
  const byForm = new Map<string, number[]>();
  forms.forEach((form, index) => {
    if (!form) return;
    const list = byForm.get(form);
    if (list) list.push(index);
    else byForm.set(form, [index]);
  });
  return { words: ordered, forms, byForm };
}

/** The first unused candidate at or after `cursor` (close enough), else the nearest unused one. */
function pickCandidate(candidates: number[], cursor: number, used: Uint8Array): number | null {
  let ahead: number | null = null;
  let behind: number | null = null;
  for (const index of candidates) {
    if (used[index]) continue;
    if (index >= cursor) {
      ahead = index;
      break;
    }
    behind = index;
  }
  if (ahead !== null && ahead - cursor <= LOOK_AHEAD) return ahead;
  if (ahead === null) return behind;
  if (behind === null) return ahead;
  return ahead - cursor <= cursor - behind ? ahead : behind;
}

/** Page words from `cursor` that together spell `form`, or one that holds it. */
function joinedMatch(page: PageWords, form: string, cursor: number, used: Uint8Array) {
  const end = Math.min(page.words.length, cursor + JOIN_WINDOW);
  for (let first = Math.max(0, cursor - 2); first < end; first++) {
    if (used[first]) continue;
    const head = page.forms[first] ?? '';
    if (!head) continue;
    if (head.includes(form) && head !== form) return [first];
    let spelled = head;
    let last = first;
    while (spelled.length < form.length && form.startsWith(spelled) && last + 1 < end) {
      last += 1;
      spelled += page.forms[last] ?? '';
    }
    if (spelled === form && last > first) return range(first, last);
  }
  return null;
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

const round = (value: number) => Math.round(value * 10) / 10;

/** The box around the page words a Markdown word was found in, and their lowest confidence. */
function toLayoutWord(words: PlacedWord[], start: number, end: number): LayoutWord {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  let confidence: number | null = null;
  for (const word of words) {
    x0 = Math.min(x0, word.x0);
    y0 = Math.min(y0, word.y0);
    x1 = Math.max(x1, word.x1);
    y1 = Math.max(y1, word.y1);
    if (word.confidence !== null)
      confidence = confidence === null ? word.confidence : Math.min(confidence, word.confidence);
  }
  return {
    start,
    end,
    page: words[0]?.page ?? 1,
    x: round(x0),
    y: round(y0),
    width: round(x1 - x0),
    height: round(y1 - y0),
    confidence,
  };
}

type PageState = { page: PageWords; cursor: number; used: Uint8Array };

/** One Markdown word matched on one page: the page words it was found in, if any. */
function matchOnPage(state: PageState, form: string): number[] | null {
  const candidates = state.page.byForm.get(form);
  const single = candidates ? pickCandidate(candidates, state.cursor, state.used) : null;
  return single !== null ? [single] : joinedMatch(state.page, form, state.cursor, state.used);
}

/**
 * The Markdown words of one segment matched to its page's words. A table carried on to the next
 * page is one segment: a word not on the current page is looked for on the next one, and the
 * rest of the segment goes on from there.
 */
function placeSegment(
  markdown: string,
  segment: Segment,
  firstPage: number,
  pageState: (page: number) => PageState | null,
  out: LayoutWord[],
) {
  // A numbered header is not on the page: its "1" would take the box of a "13.00".
  const from =
    segment.kind === 'table' ? numberedHeaderLength(markdown.slice(segment.start, segment.end)) : 0;
  const text = markdown.slice(segment.start + from, segment.end);
  let current = firstPage;
  for (const match of text.matchAll(/[^\s|]+/g)) {
    const form = wordForm(match[0]);
    if (!form) continue;
    let state = pageState(current);
    let indexes = state ? matchOnPage(state, form) : null;
    const next = indexes ? null : pageState(current + 1);
    if (next) {
      indexes = matchOnPage(next, form);
      if (indexes) {
        current += 1;
        state = next;
      }
    }
    if (!state || !indexes) continue;
    for (const index of indexes) state.used[index] = 1;
    state.cursor = (indexes.at(-1) ?? state.cursor) + 1;
    const start = segment.start + from + match.index;
    out.push(
      toLayoutWord(
        indexes.flatMap((index) => state.page.words[index] ?? []),
        start,
        start + match[0].length,
      ),
    );
  }
}

/**
 * The layout of a Document whose reader placed its words: each Markdown word that could be
 * matched to a page word, with that word's box. A document of one page without page numbers
 * (an image) has its segments on that page.
 */
export function placeWords(options: {
  markdown: string;
  segments: Segment[];
  words: PlacedWord[];
  pageSizes: PageSize[];
}): DocumentLayout {
  const { markdown, segments, pageSizes } = options;
  const byPage = new Map<number, PlacedWord[]>();
  for (const word of options.words) {
    const list = byPage.get(word.page);
    if (list) list.push(word);
    else byPage.set(word.page, [word]);
  }
  const onlyPage = pageSizes.length === 1 ? pageSizes[0]?.page : undefined;
  const states = new Map<number, PageState>();
  const pageState = (number: number): PageState | null => {
    const known = states.get(number);
    if (known) return known;
    const pageWords = byPage.get(number);
    if (!pageWords) return null;
    const page = indexPage(pageWords);
    const state = { page, cursor: 0, used: new Uint8Array(page.words.length) };
    states.set(number, state);
    return state;
  };
  const words: LayoutWord[] = [];
  for (const segment of segments) {
    const number = segment.page ?? onlyPage;
    if (number !== undefined) placeSegment(markdown, segment, number, pageState, words);
  }
  words.sort((a, b) => a.start - b.start);
  return { pages: pageSizes, words };
}
