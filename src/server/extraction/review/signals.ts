// The signals a cell's confidence is built from, and how they combine: each signal that fires
// multiplies the confidence (1 for a cell nothing speaks against) by its weight, and gives the
// user a reason in words. The weights were set with `npm run bench:review` and are explained in
// docs/decisions/020-cell-confidence.md.
import type { ReviewReason, ReviewReasonCode } from '../../../shared/review';

/** One signal about one cell: why, in words, and how much it lowers the confidence. */
export type Signal = { code: ReviewReasonCode; message: string; weight: number };

export const WEIGHTS = {
  notFound: 0.2,
  partialMatch: 0.7,
  /** Found only in another row's line, while its own line shows another value of that kind. */
  otherRowInstead: 0.25,
  /** Found only in another row's line. */
  otherRow: 0.45,
  /** Found away from its row, where no other row is (a heading, a note). */
  apart: 0.75,
  /** The same value as the row above, where this row shows none of its kind. */
  carried: 0.92,
  invalid: 0.3,
  coerced: 0.8,
  ambiguousDate: 0.85,
  ocrVeryLow: 0.45,
  ocrLow: 0.8,
  modelVeryUnsure: 0.5,
  modelUnsure: 0.8,
  offlineDisagrees: 0.4,
  /** A rule across fields and line items failed (issue 31); low enough to flag on its own. */
  ruleFailed: 0.3,
  /** Two parts of a document give a field different values, both found in the source. */
  fieldConflict: 0.3,
} as const;

/** OCR word confidences (0–100) below which the words are called hard to read. */
export const OCR_VERY_LOW = 45;
export const OCR_LOW = 70;
/** The model's probability for its least certain token of a value, below which it was unsure. */
export const MODEL_VERY_UNSURE = 0.3;
export const MODEL_UNSURE = 0.6;

/** How sources write "no value": a placeholder is not a value (nor evidence of where a row is). */
const BLANK_MARKS = /^(?:n\/?a|none|nil|null|[-–—.]+|\?)$/i;
export const isBlankMark = (text: string) => BLANK_MARKS.test(text.trim());

export function signal(code: ReviewReasonCode, weight: number, message: string): Signal {
  return { code, weight, message };
}

/** A value found nowhere in the source text. */
export const notFoundSignal = (): Signal =>
  signal('not_found', WEIGHTS.notFound, 'Not found in the source.');

/** The combined confidence (0–1, two decimals) and the reasons, weightiest first. */
export function combineSignals(signals: Signal[]): {
  confidence: number;
  reasons: ReviewReason[];
} {
  const product = signals.reduce((value, { weight }) => value * weight, 1);
  const confidence = Math.round(Math.min(1, Math.max(0, product)) * 100) / 100;
  const reasons = [...signals]
    .sort((a, b) => a.weight - b.weight)
    .map(({ code, message, weight }) => ({ code, message, weight }));
  return { confidence, reasons };
}

/** A value as it is quoted in a reason: at most 40 characters. */
export function quote(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const short = text.length > 40 ? `${text.slice(0, 39)}…` : text;
  return `“${short}”`;
}

export const percent = (share: number) => `${Math.round(share * 100)}%`;
