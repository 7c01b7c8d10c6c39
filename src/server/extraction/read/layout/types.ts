// What the layout analysis reads: words with their boxes and the lines drawn on the page, in one
// reading frame (x grows along the text, y grows down the lines), whatever they came from: the
// glyphs of a PDF page (rotated text is turned upright first) or the words that OCR found.

/** One word. `baseline` is where its letters sit; `size` its font size (or line height for OCR). */
export type Word = {
  text: string;
  x0: number;
  x1: number;
  top: number;
  bottom: number;
  baseline: number;
  size: number;
  isBold: boolean;
  /** A space character stands right before the word (however narrow the gap). */
  followsSpace?: boolean;
  /** The same word in its own reading frame, when this is a copy turned into another frame. */
  turned?: Word;
};

/** A straight horizontal (y0 = y1) or vertical (x0 = x1) line drawn on the page. */
export type Ruling = { x0: number; y0: number; x1: number; y1: number };

/** A filled rectangle behind text (a shaded header row, say). */
export type Shade = { x0: number; y0: number; x1: number; y1: number };

/**
 * Everything the layout analysis gets for one page, or one rotated part of a page. `guests` are
 * words of other directions turned into this frame: they count only inside ruled tables (a column
 * heading printed sideways).
 */
export type PageText = { words: Word[]; rulings: Ruling[]; shades: Shade[]; guests?: Word[] };
