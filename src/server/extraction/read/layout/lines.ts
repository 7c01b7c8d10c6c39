// Words → text lines: words on one baseline form a line, read left to right; raised or lowered
// smaller words (footnote marks, superscripts) join the line they belong to. A line splits into
// phrases where a gap is much wider than a space (a table column or a text column boundary).
import type { Word } from './types';

export type TextLine = {
  words: Word[];
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  baseline: number;
  size: number;
};

/** A run of words on a line with ordinary spaces between them. */
export type Phrase = { text: string; x0: number; x1: number; words: Word[] };

/** A line with its phrases. */
export type LineInfo = { line: TextLine; phrases: Phrase[] };

/** A line of two phrases or more: a table row, or side-by-side text. */
export const isMulti = (info: LineInfo) => info.phrases.length >= 2;

/** Baselines closer than this share of the font size are one line. */
const SAME_LINE = 0.4;
/** Text in sizes further apart than this ratio is one line only on one baseline, to this share. */
export const SIZE_STEP = 1.3;
const SAME_BASELINE = 0.1;
/** A word this much smaller than its neighbour line, sitting within its height, is a script. */
export const SCRIPT_RATIO = 0.85;
/** A gap wider than this share of the font size separates two words with a space. */
const SPACE_GAP = 0.12;
/** A gap wider than this share of the font size separates two phrases. */
export const PHRASE_GAP = 1.0;

export function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function makeLine(words: Word[]): TextLine {
  const sorted = [...words].sort((a, b) => a.x0 - b.x0);
  const main = sorted.filter((word) => word.size >= SCRIPT_RATIO * maxSize(sorted));
  const reference = main.length > 0 ? main : sorted;
  return {
    words: sorted,
    x0: Math.min(...sorted.map((w) => w.x0)),
    x1: Math.max(...sorted.map((w) => w.x1)),
    top: Math.min(...reference.map((w) => w.top)),
    bottom: Math.max(...reference.map((w) => w.bottom)),
    baseline: median(reference.map((w) => w.baseline)),
    size: median(reference.map((w) => w.size)),
  };
}

const maxSize = (words: Word[]) => words.reduce((max, word) => Math.max(max, word.size), 0);

/** Raised or lowered marks are short: footnote marks, ordinals, indices. */
const MAX_SCRIPT_LENGTH = 4;

/**
 * Whether `small` is a line of raised or lowered script belonging to `line`: short marks set in a
 * smaller size within the line's height and width (small text beside a title is another column).
 */
function isScriptOf(small: TextLine, line: TextLine): boolean {
  if (small.size > SCRIPT_RATIO * line.size) return false;
  if (small.x0 < line.x0 - line.size || small.x1 > line.x1 + line.size) return false;
  if (small.words.some((word) => word.text.length > MAX_SCRIPT_LENGTH)) return false;
  const isRaised = small.baseline < line.baseline && small.baseline > line.top;
  const isLowered =
    small.baseline > line.baseline && small.baseline < line.bottom + 0.4 * line.size;
  return isRaised || isLowered;
}

/**
 * Whether a word stands on the line whose first word has `baseline` and `size`. Text set in a
 * clearly other size shares a line only on the very same baseline: a title beside a column of
 * smaller text is not one line with it (raised or lowered scripts join their line later).
 */
function isSameLine(word: Word, baseline: number, size: number): boolean {
  const [small, large] = [Math.min(size, word.size), Math.max(size, word.size)];
  const tolerance = large > SIZE_STEP * small ? SAME_BASELINE : SAME_LINE;
  return word.baseline - baseline <= tolerance * small;
}

/** Lines top to bottom; words of a line left to right. */
export function groupLines(words: Word[]): TextLine[] {
  const sorted = [...words].sort((a, b) => a.baseline - b.baseline || a.x0 - b.x0);
  const groups: Word[][] = [];
  let baseline = -Infinity;
  let size = 0;
  for (const word of sorted) {
    const last = groups.at(-1);
    if (last && isSameLine(word, baseline, size)) {
      last.push(word);
      // A line that opens with a raised mark is measured from its text once that comes.
      if (word.size > size) [baseline, size] = [word.baseline, word.size];
      continue;
    }
    groups.push([word]);
    baseline = word.baseline;
    size = word.size;
  }
  const lines = groups.map(makeLine);
  // Scripts sort before or after their line; merge each into the neighbour it belongs to.
  const merged: TextLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const previous = merged.at(-1);
    const next = lines[i + 1];
    if (next && isScriptOf(line, next)) lines[i + 1] = makeLine([...next.words, ...line.words]);
    else if (previous && isScriptOf(line, previous))
      merged[merged.length - 1] = makeLine([...previous.words, ...line.words]);
    else merged.push(line);
  }
  return merged;
}

const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;

/** Whether most of the words are Hebrew or Arabic, which read from the right. */
export function isRightToLeft(words: Word[]): boolean {
  const rightToLeft = words.filter((word) => RIGHT_TO_LEFT.test(word.text)).length;
  return rightToLeft * 2 > words.length;
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/**
 * A footnote mark of digits raised right after a figure ("1,234" and a small raised "1") as
 * superscript digits ("1,234¹"), so that it does not run into the figure ("1,2341"); null for
 * other words (after a word, "Fraud 1" reads as it did).
 */
function raisedMark(word: Word, previous: Word | null): string | null {
  if (!previous || !/^\d{1,2}$/.test(word.text) || !/\d$/.test(previous.text)) return null;
  const isSmall = word.size <= SCRIPT_RATIO * previous.size;
  const isRaised = word.baseline < previous.baseline - 0.2 * previous.size;
  const isTight = word.x0 - previous.x1 <= 0.3 * previous.size;
  if (!isSmall || !isRaised || !isTight) return null;
  return [...word.text].map((digit) => SUPERSCRIPT_DIGITS[Number(digit)]).join('');
}

/**
 * Words as text: a space where the gap is wider than a tight letter gap. Words stand left to right
 * on the page; a run mostly in Hebrew or Arabic is read from the right.
 */
export function joinWords(words: Word[]): string {
  const rightToLeft = isRightToLeft(words);
  let text = '';
  let previous: Word | null = null;
  for (const word of rightToLeft ? [...words].reverse() : words) {
    const mark = rightToLeft ? null : raisedMark(word, previous);
    const gap = previous ? (rightToLeft ? previous.x0 - word.x1 : word.x0 - previous.x1) : 0;
    const size = Math.min(word.size, previous?.size ?? word.size);
    const isSpaced = gap > SPACE_GAP * size || (word.followsSpace === true && gap > 0);
    if (mark) text += mark;
    else text += previous && isSpaced ? ` ${word.text}` : word.text;
    previous = word;
  }
  return text;
}

/** Lines of running text, even stretched to the margins, have mostly lower-case words. */
const PROSE_WORD = /^[\p{Ll}(“"'‘]/u;
const MIN_PROSE_WORDS = 6;
const PROSE_SHARE = 0.6;

/** Widest gap between two words of a phrase, in page units. */
function phraseGap(line: TextLine, gap: number): number {
  const { words } = line;
  const prose = words.filter((word) => PROSE_WORD.test(word.text)).length;
  if (words.length < MIN_PROSE_WORDS || prose < PROSE_SHARE * words.length) return gap * line.size;
  // A justified line stretches every space alike; only a gap well beyond them splits it.
  const gaps = words.slice(1).map((word, i) => word.x0 - words[i]!.x1);
  return Math.max(gap * line.size, 2 * median(gaps));
}

/** The phrases of a line: words split where a gap is wider than `gap` font sizes. */
export function phrases(line: TextLine, gap = PHRASE_GAP): Phrase[] {
  const groups: Word[][] = [];
  const widest = phraseGap(line, gap);
  for (const word of line.words) {
    const last = groups.at(-1);
    const previous = last?.at(-1);
    if (last && previous && word.x0 - previous.x1 <= widest) last.push(word);
    else groups.push([word]);
  }
  return groups.map((words) => ({
    text: joinWords(words),
    x0: words[0]!.x0,
    x1: Math.max(...words.map((w) => w.x1)),
    words,
  }));
}

const lineTexts = new WeakMap<TextLine, string>();

/** A line's text, phrases a space apart (computed once per line). */
export function lineText(line: TextLine): string {
  const known = lineTexts.get(line);
  if (known !== undefined) return known;
  const text = phrases(line)
    .map((phrase) => phrase.text)
    .join(' ');
  lineTexts.set(line, text);
  return text;
}

const linesText = (words: Word[]) =>
  groupLines(words)
    .map((line) => joinWords(line.words))
    .join(' ');

/** A cell's lines top to bottom; words printed in another direction are read in theirs. */
export function cellText(words: Word[]): string {
  const native = words.filter((word) => !word.turned);
  const turned = words.flatMap((word) => (word.turned ? [word.turned] : []));
  return [linesText(native), linesText(turned)].filter(Boolean).join(' ');
}
