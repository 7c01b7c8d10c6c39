// The box of a value on its page, and how sure OCR was of its words: the layout words (placed by
// the reader, read/place-words.ts) that the value's evidence span covers.
import type { DocumentLayout, LayoutWord } from '../../../shared/document';
import type { EvidenceBox } from '../../../shared/review';
import type { Span } from '../finish/evidence-index';

/** The layout words overlapping `span`, on the page of the first of them. */
export function wordsOver(layout: DocumentLayout, span: Span): LayoutWord[] {
  const { words } = layout;
  let low = 0;
  let high = words.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((words[middle]?.end ?? 0) <= span.start) low = middle + 1;
    else high = middle;
  }
  const found: LayoutWord[] = [];
  for (let i = low; i < words.length; i++) {
    const word = words[i];
    if (!word || word.start >= span.end) break;
    if (word.end > span.start && (found.length === 0 || word.page === found[0]?.page))
      found.push(word);
  }
  return found;
}

/** One box around the words (a value on two lines gets the box of both). */
export function boxOf(layout: DocumentLayout, words: LayoutWord[]): EvidenceBox | undefined {
  const first = words[0];
  const page = first && layout.pages.find((size) => size.page === first.page);
  if (!first || !page) return undefined;
  const x0 = Math.min(...words.map((word) => word.x));
  const y0 = Math.min(...words.map((word) => word.y));
  const x1 = Math.max(...words.map((word) => word.x + word.width));
  const y1 = Math.max(...words.map((word) => word.y + word.height));
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    page: first.page,
    x: round(x0),
    y: round(y0),
    width: round(x1 - x0),
    height: round(y1 - y0),
    pageWidth: page.width,
    pageHeight: page.height,
  };
}

/** OCR's lowest confidence (0–100) in the words, null when they were not read by OCR. */
export function ocrConfidenceOf(words: LayoutWord[]): number | null {
  const known = words.flatMap((word) => (word.confidence === null ? [] : [word.confidence]));
  return known.length > 0 ? Math.min(...known) : null;
}
