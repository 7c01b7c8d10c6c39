// The lines a document's own fields are looked for in, as people see them. A scan or PDF with a
// word layout gives its visual lines (words whose middles share a height, left to right), so a
// label and its value on one printed line stay together whatever tables the reader built; other
// documents give their Markdown lines, a table row being one line with a cell per table cell.
// Every token keeps its span in the Markdown, for evidence.
import type { DocumentJson, LayoutWord } from '../../../shared/document';

export type LineToken = {
  text: string;
  /** The token's span in the Markdown. */
  start: number;
  end: number;
  /** Where the token starts in its line's `text`. */
  at: number;
  /** Tokens of a line split by a wide gap or a table cell border have different cells. */
  cell: number;
};

export type FieldLine = {
  text: string;
  tokens: LineToken[];
  page: number | null;
  /** The line's text height on its page (layout only): titles are taller. */
  height: number | null;
  /** A row of a Markdown table (its header included). */
  isTableRow?: boolean;
};

export type LineDocument = Pick<DocumentJson, 'markdown' | 'segments' | 'layout'>;

/** A gap wider than this many text heights splits a layout line into cells. */
const CELL_GAP = 1.5;
const MARKDOWN_MARKS = /^(?:#{1,6}\s+|[-*+]\s+|>\s*)/;

/** Tokens of a stretch of Markdown: split at spaces, and after a colon that follows a letter. */
function tokensOf(markdown: string, start: number, end: number, cell: number) {
  const tokens: Omit<LineToken, 'at'>[] = [];
  for (const match of markdown.slice(start, end).matchAll(/[^\s]+/g)) {
    const text = match[0];
    const base = start + match.index;
    let from = 0;
    for (const split of text.matchAll(/(?<=\p{L}[.)]?):+(?=[^:])/gu)) {
      const cut = split.index + split[0].length;
      tokens.push({ text: text.slice(from, cut), start: base + from, end: base + cut, cell });
      from = cut;
    }
    tokens.push({ text: text.slice(from), start: base + from, end: base + text.length, cell });
  }
  return tokens;
}

function lineOf(
  tokens: Omit<LineToken, 'at'>[],
  page: number | null,
  height: number | null,
): FieldLine | null {
  const kept = tokens.filter((token) => token.text !== '' && token.text !== '|');
  if (kept.length === 0) return null;
  let text = '';
  const placed = kept.map((token) => {
    if (text !== '') text += ' ';
    const at = text.length;
    text += token.text;
    return { ...token, at };
  });
  return { text, tokens: placed, page, height };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 0;
}

/** Text between two words of a line that no word was placed for stands in the line up to this. */
const MAX_UNPLACED = 40;

function layoutLines(markdown: string, words: LayoutWord[]): FieldLine[] {
  const lines: FieldLine[] = [];
  const starts = words.map((word) => word.start).sort((a, b) => a - b);
  /** Where the first word placed at or after `offset` of the Markdown starts (its end if none). */
  const nextStart = (offset: number) => {
    let low = 0;
    let high = starts.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (starts[middle]! < offset) low = middle + 1;
      else high = middle;
    }
    return starts[low] ?? markdown.length;
  };
  const pages = [...new Set(words.map((word) => word.page))].sort((a, b) => a - b);
  for (const page of pages) {
    const onPage = words
      .filter((word) => word.page === page && word.end > word.start)
      .sort((a, b) => a.y + a.height / 2 - (b.y + b.height / 2));
    const groups: LayoutWord[][] = [];
    for (const word of onPage) {
      const group = groups.at(-1);
      const middle = median(group?.map((other) => other.y + other.height / 2) ?? []);
      const height = median(group?.map((other) => other.height) ?? []);
      if (group && Math.abs(word.y + word.height / 2 - middle) <= Math.max(height, 1) / 2)
        group.push(word);
      else groups.push([word]);
    }
    for (const group of groups) {
      group.sort((a, b) => a.x - b.x);
      const height = median(group.map((word) => word.height));
      let cell = 0;
      const tokens = group.flatMap((word, index) => {
        const previous = group[index - 1];
        // Signs between two words ("#:" of "Inv #: 7") have no letters to be placed by, and
        // fill the gap they stand in.
        const between = previous ? markdown.slice(previous.end, word.start) : '';
        const hasSigns = between.trim() !== '' && between.length <= 8 && !/[\n|]/.test(between);
        const gap = previous ? word.x - (previous.x + previous.width) : 0;
        if (previous && !hasSigns && gap > CELL_GAP * height) cell += 1;
        const signs =
          previous && hasSigns ? tokensOf(markdown, previous.end, word.start, cell) : [];
        // Text OCR read but placed no box for ("Date 5/3/2018", the date unplaced) follows the
        // word before it in the Markdown, in its cell; signs before the next word of the line
        // are that word's (above).
        const next = nextStart(word.end);
        const after = markdown.slice(word.end, next);
        const isUnplaced =
          after.trim() !== '' &&
          after.length <= MAX_UNPLACED &&
          !/[\n|]/.test(after) &&
          !(group[index + 1]?.start === next && after.length <= 8);
        const unplaced = isUnplaced ? tokensOf(markdown, word.end, next, cell) : [];
        return [...signs, ...tokensOf(markdown, word.start, word.end, cell), ...unplaced];
      });
      const line = lineOf(tokens, page, height);
      if (line) lines.push(line);
    }
  }
  return lines;
}

function markdownLines(document: LineDocument): FieldLine[] {
  const { markdown } = document;
  const lines: FieldLine[] = [];
  const pageOf = (offset: number) =>
    document.segments.find((segment) => segment.start <= offset && offset < segment.end)?.page ??
    null;
  let start = 0;
  for (const raw of markdown.split('\n')) {
    const end = start + raw.length;
    const isTable = raw.trimStart().startsWith('|');
    if (!(isTable && /^\s*\|(?:\s*:?-{3,}:?\s*\|)+\s*$/.test(raw))) {
      const tokens: Omit<LineToken, 'at'>[] = [];
      if (isTable) {
        // Cells between unescaped pipes.
        let cellStart = start + raw.indexOf('|') + 1;
        let cell = 0;
        for (let at = cellStart; at <= end; at++) {
          const isBorder = at === end || (markdown[at] === '|' && markdown[at - 1] !== '\\');
          if (!isBorder) continue;
          tokens.push(...tokensOf(markdown, cellStart, at, cell));
          cell += 1;
          cellStart = at + 1;
        }
      } else {
        const mark = MARKDOWN_MARKS.exec(raw);
        tokens.push(...tokensOf(markdown, start + (mark?.[0].length ?? 0), end, 0));
      }
      const line = lineOf(
        tokens.map((token) => ({ ...token, text: token.text.replace(/^\*\*|\*\*$/g, '') })),
        pageOf(start),
        null,
      );
      if (line) lines.push(isTable ? { ...line, isTableRow: true } : line);
    }
    start = end + 1;
  }
  return lines;
}

/** Layout words must cover this share of the text's words to stand for the whole document. */
const LAYOUT_COVERAGE = 0.6;

/** The document's lines in reading order: its visual lines where its layout covers its text. */
export function fieldLines(document: LineDocument): FieldLine[] {
  const words = document.layout?.words ?? [];
  const textWords = document.markdown.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  const placed = words.reduce(
    (count, word) =>
      count + (document.markdown.slice(word.start, word.end).match(/[\p{L}\p{N}]+/gu)?.length ?? 0),
    0,
  );
  return words.length > 0 && placed >= LAYOUT_COVERAGE * textWords
    ? layoutLines(document.markdown, words)
    : markdownLines(document);
}

/** The Markdown span of tokens `from` to `to` (inclusive) of a line. */
export function tokensSpan(line: FieldLine, from: number, to: number) {
  const first = line.tokens[from];
  const last = line.tokens[to];
  return first && last ? { start: first.start, end: last.end } : null;
}
