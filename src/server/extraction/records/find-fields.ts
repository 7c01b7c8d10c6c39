// The offline field finder (issue 31 point 4): each of a document's own fields found without a
// model, from a label and the value beside or below it, chosen by the field's type and role:
// - a number: the amount on the label's line (the rightmost with decimals), or on the line
//   below; a total is the strongest total label's amount nearest the end, never a line item's;
// - a date: the date beside a date label, else the document's first date;
// - the issuer (company, merchant, vendor): a label's value, else the first prominent line;
// - an address: a label's value, else the lines after the issuer's name;
// - other text: the rest of the label's cell, or the next cell, or the line below;
// - a total no label shows: what was paid less the change given.
// Each value comes with its evidence: the span in the Markdown, its page, and its box on the
// page when the document has a word layout. The match is "normalized" where the value is not
// the text as read: computed (paid less change) or mended (a point or legal form OCR misread).
import type { ColumnDefinition } from '../../../shared/columns';
import type { CellEvidence, CellValue } from '../../../shared/extraction';
import { coerceValue } from '../coerce';
import { headerTokens } from '../extract/header-match';
import { boxOf, wordsOver } from '../review/evidence-box';
import { currencyAmong, documentCurrency, type FoundCurrency } from './field-currency';
import { isKnownLabel, planField, type FieldPlan } from './field-labels';
import { fieldLines, type FieldLine, type LineDocument } from './field-lines';
import type { Span } from '../finish/evidence-index';
import { amountsIn, dateOrderOf, datesIn, type Amount, type DateOrder } from './field-values';
import { findLabels, type LabelHit } from './find-labels';
import { addressLines, cleanIssuerName, isAddressLike, issuerLines } from './find-header';

export type FoundField = {
  /** The value as the field's type (numbers, YYYY-MM-DD dates), null when not found. */
  value: CellValue;
  /** The text it was read from. */
  raw: string | null;
  evidence: CellEvidence;
  /** How it was found: beside a label, by its place in the document, or paid less change. */
  foundBy: 'label' | 'place' | 'payment' | null;
};

type Candidate = {
  raw: string;
  value: CellValue;
  spans: Span[];
  page: number | null;
  /** The value is not the text as read: computed or mended. */
  isMended?: boolean;
};

const NUMBER_ROLES = new Set(['total', 'subtotal', 'tax']);

/** How the document writes: dates day or month first; amounts with cents or not. */
type Habits = { order: DateOrder; money: boolean };

function habitsOf(lines: readonly FieldLine[]): Habits {
  const money = lines.some((line) => amountsIn(line).some((amount) => amount.decimals === 2));
  return { order: dateOrderOf(lines), money };
}
const TEXT_SEPARATORS = /^[:=#\-–—.|]+$/;

function textCandidate(line: FieldLine, from: number, to: number): Candidate | null {
  const tokens = line.tokens.slice(from, to + 1);
  while (tokens[0] && TEXT_SEPARATORS.test(tokens[0].text)) tokens.shift();
  const first = tokens[0];
  const last = tokens.at(-1);
  if (!first || !last) return null;
  const raw = line.text
    .slice(first.at, last.at + last.text.length)
    .replace(/^[:=#]+\s*/, '')
    .trim();
  if (raw === '') return null;
  return { raw, value: raw, spans: [{ start: first.start, end: last.end }], page: line.page };
}

/** The token range after a label: the rest of its cell, else the next non-empty cell. */
function afterLabel(line: FieldLine, hit: LabelHit): { from: number; to: number } | null {
  const cell = line.tokens[hit.last]?.cell;
  let from = hit.last + 1;
  let to = from - 1;
  while (line.tokens[to + 1]?.cell === cell) to += 1;
  const isUseful = (a: number, b: number) =>
    line.tokens.slice(a, b + 1).some((token) => !TEXT_SEPARATORS.test(token.text));
  if (to >= from && isUseful(from, to)) return { from, to };
  from = to + 1;
  const nextCell = line.tokens[from]?.cell;
  if (nextCell === undefined) return null;
  to = from;
  while (line.tokens[to + 1]?.cell === nextCell) to += 1;
  return { from, to };
}

/**
 * Money is written with cents where the document writes any ("Total 2 items 7.50"); a figure of
 * three digits or more without them, where nothing else is, lost its point to OCR ("1931").
 */
function moneyAmount(amounts: Amount[]): Amount | undefined {
  const cents = amounts.filter((amount) => amount.decimals > 0).at(-1);
  if (cents) return cents;
  const lost = amounts.filter((amount) => Number.isInteger(amount.value) && amount.value >= 100);
  const last = lost.at(-1);
  return last && { ...last, value: last.value / 100, decimals: 2, isMended: true };
}

type Range = { from: number; to: number };

function cellRange(line: FieldLine, cell: number | undefined): Range | null {
  const from = line.tokens.findIndex((token) => token.cell === cell);
  if (from < 0) return null;
  return { from, to: line.tokens.findLastIndex((token) => token.cell === cell) };
}

/** A line's cells, left to right. */
const cellsOf = (line: FieldLine) => [...new Set(line.tokens.map((token) => token.cell))];

/**
 * A row of labels over a row of their values ("Invoice Number | Invoice Date | Due Date" over
 * "INV-7 | 14/03/2024 | 13/04/2024"; "Bill To | Ship To" over two names): the label's cell is
 * the whole cell, another cell of its line is a label too, and the line below has as many
 * cells. Its value is below it in the same column, not in the next cell.
 */
function isLabelRow(line: FieldLine, hit: LabelHit, below: FieldLine | undefined): boolean {
  const cell = line.tokens[hit.last]?.cell;
  const own = cellRange(line, cell);
  if (!below || !own || own.from !== hit.first || own.to !== hit.last) return false;
  const cells = cellsOf(line);
  if (cells.length < 2 || cellsOf(below).length !== cells.length) return false;
  return cells.some((other) => {
    if (other === cell) return false;
    const range = cellRange(line, other);
    return range !== null && isKnownLabel(textCandidate(line, range.from, range.to)?.raw ?? '');
  });
}

/** The label's words and the next word or two of its cell make a longer label. */
function goesOnIntoLabel(line: FieldLine, hit: LabelHit): boolean {
  const own = cellRange(line, line.tokens[hit.last]?.cell);
  const words = line.tokens
    .slice(hit.last + 1, (own?.to ?? hit.last) + 1)
    .filter((token) => /[\p{L}\p{N}]/u.test(token.text))
    .slice(0, 2);
  const label = textCandidate(line, hit.first, hit.last)?.raw ?? '';
  return words.some((_, index) =>
    isKnownLabel(
      `${label} ${words
        .slice(0, index + 1)
        .map((token) => token.text)
        .join(' ')}`,
    ),
  );
}

/** Where to look below a label: the cell under it in a row of labels, else the next line's first. */
function underLabel(line: FieldLine, hit: LabelHit, below: FieldLine, inColumn: boolean) {
  if (below.tokens.length === 0) return null;
  if (!inColumn) return { from: 0, to: firstCellEnd(below) };
  const column = cellsOf(line).indexOf(line.tokens[hit.last]?.cell ?? -1);
  return cellRange(below, cellsOf(below)[column]);
}

/** The value a label gives, on its line or the line below. */
function valueAt(
  plan: FieldPlan,
  lines: readonly FieldLine[],
  hit: LabelHit,
  habits: Habits,
): Candidate | null {
  const { order } = habits;
  const money = habits.money && NUMBER_ROLES.has(plan.role);
  const line = lines[hit.line];
  const below = lines[hit.line + 1];
  if (!line) return null;
  // "Customer" of "Customer ID" (or "CUSTOMER ID: GX-88"): the words go on into another label.
  if (goesOnIntoLabel(line, hit)) return null;
  const inColumn = isLabelRow(line, hit, below);
  const under = below ? underLabel(line, hit, below, inColumn) : null;
  const isNumber = plan.field.type === 'number' || NUMBER_ROLES.has(plan.role);
  if (isNumber) {
    const pick = (amounts: Amount[]) => (money ? moneyAmount(amounts) : amounts.at(-1));
    const beside = inColumn ? undefined : pick(amountsIn(line, hit.last + 1));
    const amount = beside ?? (below && under && pick(amountsIn(below, under.from, under.to)));
    if (!amount) return null;
    const source = beside ? line : below;
    return {
      raw: line === source ? spanText(line, amount.span) : spanText(below, amount.span),
      value: amount.value,
      spans: [amount.span],
      page: source?.page ?? null,
      isMended: amount.isMended === true,
    };
  }
  if (plan.field.type === 'date' || plan.role === 'date' || plan.role === 'due_date') {
    const date =
      (inColumn ? undefined : datesIn(line, order, hit.last + 1)[0]) ??
      (below && under && datesIn(below, order, under.from, inColumn ? under.to : undefined)[0]);
    if (!date) return null;
    return { raw: date.raw, value: date.iso, spans: [date.span], page: line.page };
  }
  const range = inColumn ? null : afterLabel(line, hit);
  if (plan.role === 'currency') {
    const found =
      (range && currencyAmong(line, range.from, range.to)) ||
      (below && under && currencyAmong(below, under.from, under.to));
    return found ? currencyCandidate(found) : null;
  }
  if (plan.role === 'identifier') {
    const beside = range ? line.tokens.slice(range.from, range.to + 1) : [];
    const pool = [
      ...beside,
      ...(below && under
        ? below.tokens.slice(under.from, inColumn ? under.to + 1 : under.from + 1)
        : []),
    ];
    const at = pool.findIndex((candidate) => /\d/.test(candidate.text));
    if (at < 0) return null;
    // "Faktura nr: F 1234/12" and "Kundennummer: 102 0000000": a series letter before the
    // number and groups of digits after it, beside the label, are the number's.
    let [first, last] = [at, at];
    if (at > 0 && at < beside.length && /^[A-Z]{1,3}$/.test(beside[at - 1]?.text ?? '')) first -= 1;
    while (last + 1 < beside.length && /^\d{3,}$/.test(beside[last + 1]?.text ?? '')) last += 1;
    const tokens = pool.slice(first, last + 1);
    const startToken = tokens[0];
    const endToken = tokens.at(-1);
    if (!startToken || !endToken) return null;
    const lead = /^[:#]+/.exec(startToken.text)?.[0].length ?? 0;
    const trail = /[,;.]$/.test(endToken.text) ? 1 : 0;
    const start = startToken.start + lead;
    const end = endToken.end - trail;
    const raw = tokens
      .map((token) => token.text)
      .join(' ')
      .slice(lead, trail ? -trail : undefined);
    return { raw, value: raw, spans: [{ start, end }], page: line.page };
  }
  const fits = (found: Candidate | null) =>
    found !== null &&
    !found.raw.endsWith(':') &&
    (plan.role !== 'address' || isAddressLike(found.raw));
  const candidate = range ? textCandidate(line, range.from, range.to) : null;
  if (fits(candidate)) return candidate;
  const next =
    below && under && under.to >= under.from ? textCandidate(below, under.from, under.to) : null;
  return fits(next) ? next : null;
}

function firstCellEnd(line: FieldLine): number {
  const cell = line.tokens[0]?.cell;
  return line.tokens.findLastIndex((token) => token.cell === cell);
}

function spanText(line: FieldLine | undefined, span: Span): string {
  if (!line) return '';
  const first = line.tokens.find((token) => token.start <= span.start && span.start < token.end);
  const last = line.tokens.findLast((token) => token.start < span.end && span.end <= token.end);
  if (!first || !last) return '';
  return line.text.slice(first.at + (span.start - first.start), last.at + (span.end - last.start));
}

type Labelled = { hit: LabelHit; candidate: Candidate };

/**
 * Among a field's labelled values, the one its role says. A total is the one what was paid less
 * the change confirms; else the strongest label's nearest the end. A total of nothing ("Total
 * Due 0.00" once paid) gives way to one of something.
 */
function chooseLabelled(
  plan: FieldPlan,
  found: Labelled[],
  lines: readonly FieldLine[],
): Candidate | null {
  if (found.length === 0) return null;
  if (plan.role === 'total') {
    const something = found.filter((entry) => entry.candidate.value !== 0);
    const pool = something.length > 0 ? something : found;
    const paid = paidLessChange(lines)?.value;
    const confirmed = pool.filter(
      (entry) =>
        typeof paid === 'number' &&
        typeof entry.candidate.value === 'number' &&
        Math.abs(entry.candidate.value - paid) < 0.005,
    );
    if (confirmed.length > 0) return confirmed.at(-1)?.candidate ?? null;
    const strongest = Math.min(...pool.map((entry) => tierOf(plan, entry.hit)));
    return pool.filter((entry) => tierOf(plan, entry.hit) === strongest).at(-1)?.candidate ?? null;
  }
  // "INVOICE #: 1042" over the title "INVOICE" above it: the most specific label, then the first.
  const strongest = Math.min(...found.map((entry) => entry.hit.rank));
  return found.find((entry) => entry.hit.rank === strongest)?.candidate ?? null;
}

/** Total labels in two tiers: those that say "the amount to pay", then a bare "total". */
function tierOf(plan: FieldPlan, hit: LabelHit): number {
  const label = plan.labels[hit.rank] ?? [];
  return label.length > 1 || label[0] !== 'total' ? 0 : 1;
}

function joinLines(lines: FieldLine[], separator: string): Candidate | null {
  const parts = lines
    .map((line) => textCandidate(line, 0, line.tokens.length - 1))
    .filter((part) => part !== null);
  if (parts.length === 0) return null;
  const raw = parts
    .map((part, index) =>
      index < parts.length - 1 && separator === ', ' ? part.raw.replace(/[,\s]+$/, '') : part.raw,
    )
    .join(separator);
  return {
    raw,
    value: raw,
    spans: parts.flatMap((part) => part.spans),
    page: parts[0]?.page ?? null,
  };
}

function cleanName(candidate: Candidate): Candidate {
  const raw = cleanIssuerName(candidate.raw);
  const isMended = raw.toLowerCase() !== candidate.raw.slice(0, raw.length).toLowerCase();
  return { ...candidate, raw, value: raw, isMended };
}

const PAID_LABELS = [
  'cash',
  'card',
  'credit card',
  'credit',
  'debit',
  'visa',
  'mastercard',
  'paid',
  'payment',
  'tendered',
];
const CHANGE_LABELS = ['change', 'change due'];

/** The first money amount beside one of the labels, from line `from` on. */
function labelledAmount(lines: readonly FieldLine[], labels: string[], from: number) {
  const phrases = labels.map((label) => headerTokens(label));
  for (const hit of findLabels(lines, phrases, 'other')) {
    const line = lines[hit.line];
    if (hit.line < from || !line) continue;
    const amount = moneyAmount(amountsIn(line, hit.last + 1));
    if (amount) return { amount, line: hit.line, page: line.page };
  }
  return null;
}

/** A total no label shows: what was paid less the change given ("Cash 100.00", "Change 26.20"). */
function paidLessChange(lines: readonly FieldLine[]): Candidate | null {
  const paid = labelledAmount(lines, PAID_LABELS, 0);
  if (!paid) return null;
  const change = labelledAmount(lines, CHANGE_LABELS, paid.line);
  const value = paid.amount.value - (change?.amount.value ?? 0);
  if (value <= 0) return null;
  const cents = Math.max(paid.amount.decimals, change?.amount.decimals ?? 0);
  const raw = value.toFixed(cents);
  const spans = change ? [paid.amount.span, change.amount.span] : [paid.amount.span];
  return { raw, value: Number(raw), spans, page: paid.page, isMended: true };
}

/** A currency as a field's value: its code, found where its sign or code stands. */
function currencyCandidate(found: FoundCurrency): Candidate {
  return {
    raw: found.printed,
    value: found.code,
    spans: [found.span],
    page: found.page,
    isMended: found.printed !== found.code,
  };
}

function byPlace(plan: FieldPlan, lines: readonly FieldLine[], order: DateOrder): Candidate | null {
  if (plan.role === 'total') return paidLessChange(lines);
  if (plan.role === 'currency') {
    const found = documentCurrency(lines);
    return found ? currencyCandidate(found) : null;
  }
  if (plan.role === 'date' || (plan.field.type === 'date' && plan.role !== 'due_date')) {
    for (const line of lines) {
      const date = datesIn(line, order)[0];
      if (date) return { raw: date.raw, value: date.iso, spans: [date.span], page: line.page };
    }
    return null;
  }
  if (plan.role === 'company' || plan.role === 'address') {
    const issuer = issuerLines(lines);
    if (!issuer) return null;
    if (plan.role === 'company') {
      const name = joinLines(issuer.lines, ' ');
      return name && cleanName(name);
    }
    return joinLines(addressLines(lines, issuer), ', ');
  }
  return null;
}

function evidenceOf(document: LineDocument, candidate: Candidate): CellEvidence {
  const start = Math.min(...candidate.spans.map((span) => span.start));
  const end = Math.max(...candidate.spans.map((span) => span.end));
  const match = candidate.isMended ? 'normalized' : 'exact';
  const evidence: NonNullable<CellEvidence> = { start, end, page: candidate.page, match };
  if (document.layout) {
    const box = boxOf(document.layout, wordsOver(document.layout, { start, end }));
    if (box) evidence.box = box;
  }
  return evidence;
}

const NOT_FOUND: FoundField = { value: null, raw: null, evidence: null, foundBy: null };

/** Each field's value, by field name. */
export function findFields(options: {
  document: LineDocument;
  fields: readonly ColumnDefinition[];
}): Record<string, FoundField> {
  const lines = fieldLines(options.document);
  const habits = habitsOf(lines);
  const result: Record<string, FoundField> = {};
  for (const field of options.fields) {
    const plan = planField(field);
    const found = findLabels(lines, plan.labels, plan.role).flatMap((hit) => {
      const candidate = valueAt(plan, lines, hit, habits);
      return candidate ? [{ hit, candidate }] : [];
    });
    const labelled = chooseLabelled(plan, found, lines);
    const candidate = labelled ?? byPlace(plan, lines, habits.order);
    const value = candidate
      ? typeof candidate.value === 'string'
        ? coerceValue(candidate.value, field.type)
        : candidate.value
      : null;
    const entry: FoundField =
      candidate && value !== null
        ? {
            value,
            raw: candidate.raw,
            evidence: evidenceOf(options.document, candidate),
            foundBy: labelled ? 'label' : plan.role === 'total' ? 'payment' : 'place',
          }
        : NOT_FOUND;
    Object.defineProperty(result, field.name, {
      value: entry,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return result;
}
