// Typed values in a line's tokens: amounts and dates, each with its Markdown span. Receipts are
// often scanned, so an amount may have lost its point to OCR ("64 13" for 64.13 at the end of a
// total's line) or a digit to a letter ("z4.00"), or carry a currency glued on ("RM73.00"); a date's order (day or month first)
// is taken from the document when its own numbers cannot tell.
import { parseDate } from '../coerce';
import { parseNumberParts } from '../coerce/parse-number';
import { DATE_TOKEN, type Span } from '../finish/evidence-index';
import type { FieldLine } from './field-lines';

export type Amount = {
  value: number;
  decimals: number;
  span: Span;
  token: number;
  /** Read with a point OCR lost ("64 13"). */
  isMended?: boolean;
};
export type FoundDate = { iso: string; raw: string; span: Span; token: number };
export type DateOrder = 'day-first' | 'month-first' | null;

/** A currency written before or after the figure: "RM", "S$", "USD", "€". */
const CURRENCY_AFFIX = /^(?:[A-Z]{1,3}\$?|[$€£¥₹])(?=[-\d(])|(?<=\d)(?:[A-Z]{3}|[€£])$/;

/** A figure with cents whose whole part OCR read partly as letters ("z4.00"), a real digit beside. */
const MISREAD_FIGURE = /^(?=[^.,]*\d)[\dzZoOIlB]{1,4}[.,]\d{2}$/;
const DIGIT_FOR: Record<string, string> = {
  z: '2',
  Z: '2',
  o: '0',
  O: '0',
  I: '1',
  l: '1',
  B: '8',
};

/** "z4.00" as 24.00, one digit for each letter OCR confuses with it; null when nothing to mend. */
function mendedDigits(text: string): string | null {
  const trimmed = text.replace(/^[:=*]+|[:;,*]+$/g, '');
  if (!MISREAD_FIGURE.test(trimmed) || /^[\d.,]+$/.test(trimmed)) return null;
  return trimmed.replace(/[zZoOIlB]/g, (letter) => DIGIT_FOR[letter] ?? letter);
}

function amountOf(text: string): { value: number; decimals: number } | null {
  let cleaned = text.replace(/^[:=*]+|[:;,*]+$/g, '').replace(CURRENCY_AFFIX, '');
  // "0.42)" closing a bracket opened words before: the bracket is not the number's.
  if (cleaned.endsWith(')') && !cleaned.includes('(')) cleaned = cleaned.slice(0, -1);
  if (cleaned.startsWith('(') && !cleaned.includes(')')) cleaned = cleaned.slice(1);
  if (!/\d/.test(cleaned) || /%$/.test(cleaned) || /^\d{1,2}[:/]\d/.test(cleaned)) return null;
  return parseNumberParts(cleaned);
}

/** Amounts in the line's tokens `from` to `to` (inclusive), in order. */
export function amountsIn(line: FieldLine, from = 0, to = line.tokens.length - 1): Amount[] {
  const amounts: Amount[] = [];
  for (let index = from; index <= to; index++) {
    const token = line.tokens[index];
    if (!token) continue;
    const span = { start: token.start, end: token.end };
    const mended = mendedDigits(token.text);
    const parts = amountOf(mended ?? token.text);
    if (parts && mended) amounts.push({ ...parts, span, token: index, isMended: true });
    else if (parts) amounts.push({ ...parts, span, token: index });
  }
  // "64 13" at the end: a figure whose decimal point OCR lost.
  const last = line.tokens[to];
  const before = line.tokens[to - 1];
  const third = line.tokens[to - 2];
  if (
    last &&
    before &&
    to - 1 >= from &&
    before.cell === last.cell &&
    !(third && third.cell === last.cell && /^\d+$/.test(third.text)) &&
    /^\d{2}$/.test(last.text) &&
    /^(?:[A-Z]{1,3})?\d{1,4}$/.test(before.text) &&
    !amounts.some((amount) => amount.decimals > 0)
  ) {
    const whole = Number(before.text.replace(/^[A-Z]+/, ''));
    amounts.push({
      value: whole + Number(last.text) / 100,
      decimals: 2,
      span: { start: before.start, end: last.end },
      token: to - 1,
      isMended: true,
    });
  }
  return amounts;
}

/** Month names as German documents print them, with the English ones parseDate knows. */
const DOTTED_MONTHS: Record<string, number> = {
  januar: 1,
  jänner: 1,
  februar: 2,
  märz: 3,
  maerz: 3,
  april: 4,
  mai: 5,
  juni: 6,
  juli: 7,
  oktober: 10,
  dezember: 12,
};
const MONTH_WORD = `(?:${Object.keys(DOTTED_MONTHS).join('|')}|[a-z]{3,9})`;
/** "8. Mai 2019", "12. August 2020": a day with a point, the month's name, the year. */
const DOTTED_DAY = new RegExp(`^(\\d{1,2})\\.\\s*(${MONTH_WORD})\\s+(\\d{4})$`, 'i');

/** DATE_TOKEN, "02/Jan/2017" as receipts print it, and "8. Mai 2019" as German documents do. */
const DATES = new RegExp(
  `${DATE_TOKEN.source}|\\d{1,2}[/.-][a-z]{3}[/.-]\\d{2,4}|\\d{1,2}\\.\\s*${MONTH_WORD}\\s+\\d{4}`,
  'gi',
);

/** Years a document's own date can have: "Invoice 1002 February 22, 2019" has no year 1002. */
const isPlausible = (iso: string) => {
  const year = Number(iso.slice(0, 4));
  return year >= 1900 && year < 2200;
};

function parseDottedDay(raw: string): string | null {
  const match = DOTTED_DAY.exec(raw.trim());
  if (!match) return null;
  const name = (match[2] ?? '').toLowerCase();
  const month = DOTTED_MONTHS[name];
  if (month === undefined) return parseDate(`${match[1]} ${name} ${match[3]}`);
  return parseDate(`${match[3]}-${month}-${match[1]}`);
}

/**
 * Letters OCR reads for digits inside a date-shaped token ("D2/D2/17" is 02/02/17), one for one
 * so offsets stay: only where the token has separators in a date's places and 4+ real digits.
 */
function ocrDigits(text: string): string {
  return text.replace(/\b[\dODoIl]{1,2}([/.-])[\dODoIl]{1,2}\1[\dODoIl]{2,4}\b/g, (token) =>
    (token.match(/\d/g)?.length ?? 0) >= 4
      ? token.replace(/[ODo]/g, '0').replace(/[Il]/g, '1')
      : token,
  );
}

const NUMERIC_DATE = /^(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})\b/;

/** A date as the document writes it, day or month first as `order` says when both are ≤ 12. */
export function parseDateIn(raw: string, order: DateOrder): string | null {
  const dotted = parseDottedDay(raw);
  if (dotted) return dotted;
  const match = NUMERIC_DATE.exec(raw.trim());
  if (!match || order === null) return parseDate(raw);
  const [first, second] = [Number(match[1]), Number(match[3])];
  if (first > 12 || second > 12) return parseDate(raw);
  const [day, month] = order === 'day-first' ? [first, second] : [second, first];
  return parseDate(`${match[4]?.length === 2 ? `20${match[4]}` : match[4]}-${month}-${day}`);
}

/** Dates in the line's tokens `from` to `to` (inclusive), in order. */
export function datesIn(
  line: FieldLine,
  order: DateOrder,
  from = 0,
  to = line.tokens.length - 1,
): FoundDate[] {
  const first = line.tokens[from];
  const last = line.tokens[to];
  if (!first || !last) return [];
  const text = ocrDigits(line.text.slice(first.at, last.at + last.text.length));
  const found: FoundDate[] = [];
  const pattern = new RegExp(DATES.source, 'gi');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const at = first.at + match.index;
    const isInsideWord = /[\p{L}\p{N}]/u.test(line.text[at - 1] ?? '');
    const iso = isInsideWord ? null : parseDateIn(match[0], order);
    // A match inside a word or with no plausible year may hide a date starting further in.
    if (isInsideWord || (iso && !isPlausible(iso))) {
      pattern.lastIndex = match.index + 1;
      continue;
    }
    if (!iso) continue;
    const startToken = line.tokens.findIndex((token) => token.at + token.text.length > at);
    const endAt = at + match[0].length;
    const endToken = line.tokens.findLastIndex((token) => token.at < endAt);
    const a = line.tokens[startToken];
    const b = line.tokens[endToken];
    if (!a || !b) continue;
    found.push({
      iso,
      raw: match[0],
      span: { start: a.start + (at - a.at), end: b.start + (endAt - b.at) },
      token: startToken,
    });
  }
  return found;
}

/** Money written with a country's habits: these write the day first. */
const DAY_FIRST_HINTS =
  /\b(?:RM|MYR|GST|SST|VAT|Sdn|Bhd|Ltd|Pty|GmbH|ABN|HST|EUR|GBP|INR|SGD|AUD|NZD)\b|[€£₹]/i;

/** Whether the document writes dates day first: from a date that can only be read one way. */
export function dateOrderOf(lines: readonly FieldLine[]): DateOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const line of lines) {
    for (const match of line.text.matchAll(/\b(\d{1,2})[/.-](\d{1,2})[/.-](?:\d{4}|\d{2})\b/g)) {
      const [first, second] = [Number(match[1]), Number(match[2])];
      if (first > 12 && second <= 12) dayFirst += 1;
      else if (second > 12 && first <= 12) monthFirst += 1;
    }
  }
  if (dayFirst !== monthFirst) return dayFirst > monthFirst ? 'day-first' : 'month-first';
  return lines.some((line) => DAY_FIRST_HINTS.test(line.text)) ? 'day-first' : null;
}
