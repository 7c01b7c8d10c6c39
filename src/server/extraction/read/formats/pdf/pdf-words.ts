// Glyphs → words. Each glyph arrives with its place on the page; a word is a run of glyphs on one
// baseline in one direction with no gap and no space between them. A word is kept in the frame of
// its own reading direction (x along the text, y down its lines), so a table printed sideways is
// read like an upright one. Gaps and spaces between words are left to the layout analysis.
import type { Word } from '../../layout/types';
import { normalizeUnicode } from './pdfjs';

/** How one run of glyphs is drawn: its direction (degrees, clockwise on the page) and font. */
export type GlyphRun = {
  angle: number;
  cos: number;
  sin: number;
  size: number;
  ascent: number;
  descent: number;
  isBold: boolean;
};

/** A gap wider than this share of the font size ends a word (pdf.js uses 0.102 for a space). */
const WORD_GAP = 0.1;
/** Glyphs that step back by more than this share of the font size start a new word. */
const BACKWARD_STEP = 0.3;
/** Baselines closer than this share of the font size are one baseline. */
const SAME_BASELINE = 0.2;

type OpenWord = Word & { angle: number };

const RIGHT_TO_LEFT = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/u;
const LEFT_TO_RIGHT_RUN = /[\p{N}\p{Script=Latin}.,:%+\-/]+/gu;

/**
 * Glyphs come in the order they stand on the page; Hebrew or Arabic reads from the right, so such
 * a word is turned round (its brackets mirrored), except for the figures and Latin letters in it.
 */
function readingOrder(text: string): string {
  if (!RIGHT_TO_LEFT.test(text)) return text;
  const mirror: Record<string, string> = {
    '(': ')',
    ')': '(',
    '[': ']',
    ']': '[',
    '<': '>',
    '>': '<',
  };
  const reversed = [...text]
    .reverse()
    .map((char) => mirror[char] ?? char)
    .join('');
  return reversed.replace(LEFT_TO_RIGHT_RUN, (run) => [...run].reverse().join(''));
}

/** The direction of a run, in whole degrees; within 2° of a right angle it is that angle. */
export function runAngle(dx: number, dy: number): number {
  const degrees = (Math.round((Math.atan2(dy, dx) * 180) / Math.PI) + 360) % 360;
  const nearest = (Math.round(degrees / 90) * 90) % 360;
  return Math.abs(degrees - nearest) <= 2 || Math.abs(degrees - nearest) >= 358 ? nearest : degrees;
}

export type WordCollector = {
  /** A glyph whose origin is (x, y) on the page and which advances `advance` along the run. */
  addGlyph(run: GlyphRun, text: string, x: number, y: number, advance: number): void;
  /** A space: it ends the current word. */
  addSpace(): void;
  /** The words found, by direction. */
  finish(): Map<number, Word[]>;
};

export function createWordCollector(): WordCollector {
  const words = new Map<number, Word[]>();
  let open: OpenWord | null = null;
  let isAfterSpace = false;

  const flush = () => {
    if (!open) return;
    const text = readingOrder(normalizeUnicode(open.text).normalize('NFC').trim());
    if (text) {
      const { angle, ...word } = open;
      const list = words.get(angle) ?? [];
      list.push({ ...word, text });
      words.set(angle, list);
    }
    open = null;
  };

  return {
    addGlyph(run, text, x, y, advance) {
      const along = x * run.cos + y * run.sin;
      const across = -x * run.sin + y * run.cos;
      if (open && open.angle === run.angle) {
        const gap = along - open.x1;
        const isSameLine = Math.abs(across - open.baseline) <= SAME_BASELINE * run.size;
        const isClose = gap <= WORD_GAP * run.size && gap >= -BACKWARD_STEP * run.size;
        if (isSameLine && isClose) {
          open.text += text;
          open.x1 = Math.max(open.x1, along + advance);
          return;
        }
      }
      flush();
      const followsSpace = isAfterSpace;
      isAfterSpace = false;
      open = {
        angle: run.angle,
        text,
        x0: along,
        x1: along + advance,
        baseline: across,
        top: across - run.ascent * run.size,
        bottom: across - run.descent * run.size,
        size: run.size,
        isBold: run.isBold,
        followsSpace,
      };
    },
    addSpace() {
      flush();
      isAfterSpace = true;
    },
    finish() {
      flush();
      return words;
    },
  };
}
