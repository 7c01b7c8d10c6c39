// Where a field's label stands: its words at the start of a line or of one of its cells
// ("Invoice No.: 7", "| Total (RM) | 73.00 |", "Bill Date : 20/12/2017"). Words are compared as
// header-match.ts compares headers (case, plurals, "No." = number, "#" = number). Some words next
// to a label make it another one: "Total Qty" is no total, "Tax Invoice" no tax, "Due date" not
// the date of the document; a label in brackets is an aside.
import { headerTokens } from '../extract/header-match';
import type { FieldRole } from './field-labels';
import type { FieldLine } from './field-lines';

export type LabelHit = {
  line: number;
  /** The label's first and last token in the line. */
  first: number;
  last: number;
  /** How many words the label has: longer labels are more specific. */
  words: number;
  /** The label's place in its group's list: lower is a stronger label. */
  rank: number;
};

type LineWord = { word: string; token: number; cell: number; inCell: number };

/** A label may start after at most this many words of its cell ("Sub Total", "2. Date"). */
const MAX_LEADING_WORDS = 2;

const NOT_AFTER: Partial<Record<FieldRole, RegExp>> = {
  total:
    /^(?:quantity|qty|item|count|point|discount|saving|tax|gst|vat|sst|excl|excluding|exclusive|weight|unit|piece|pc|pax|rounding|before)$/,
  subtotal: /^(?:quantity|qty|item|count)$/,
  tax: /^(?:invoice|number|reg|registration|id|summary|code|rate|exempt|ref)$/,
  identifier: /^(?:date|total|amount|to|address)$/,
};
const NOT_BEFORE: Partial<Record<FieldRole, RegExp>> = {
  total: /^(?:sub|item|line|gst|tax|vat|qty)$/,
  date: /^(?:due|expiry|delivery|birth|print|order)$/,
  tax: /^(?:simplified|excl|excluding|incl|including|before|after)$/,
};

const NAME_ROLES = new Set<FieldRole>(['company', 'customer', 'address']);

function hasColon(line: FieldLine, token: number): boolean {
  return (
    (line.tokens[token]?.text.endsWith(':') ?? false) ||
    (line.tokens[token + 1]?.text.startsWith(':') ?? false)
  );
}

function lineWords(line: FieldLine): LineWord[] {
  const words: LineWord[] = [];
  let cell = -1;
  let inCell = 0;
  line.tokens.forEach((token, index) => {
    if (token.cell !== cell) {
      cell = token.cell;
      inCell = 0;
    }
    for (const word of headerTokens(token.text.toLowerCase().replaceAll('#', ' number '))) {
      words.push({ word, token: index, cell, inCell });
      inCell += 1;
    }
  });
  return words;
}

const cache = new WeakMap<FieldLine, LineWord[]>();

function wordsOf(line: FieldLine): LineWord[] {
  let words = cache.get(line);
  if (!words) {
    words = lineWords(line);
    cache.set(line, words);
  }
  return words;
}

/** Every place a label of the field stands, in document order; one per place, longest label. */
export function findLabels(lines: readonly FieldLine[], labels: string[][], role: FieldRole) {
  const hits: LabelHit[] = [];
  lines.forEach((line, lineIndex) => {
    const words = wordsOf(line);
    for (let at = 0; at < words.length; at++) {
      const start = words[at];
      if (!start || start.inCell > MAX_LEADING_WORDS) continue;
      let length = 0;
      let rank = -1;
      for (const [index, label] of labels.entries()) {
        if (label.length <= length) continue;
        const isMatch = label.every((word, offset) => {
          const other = words[at + offset];
          return other !== undefined && other.cell === start.cell && other.word === word;
        });
        if (isMatch) [length, rank] = [label.length, index];
      }
      if (length === 0) continue;
      const after = words[at + length];
      const before = words[at - 1];
      // "Total Qty" is no total, but "Total incl. GST" is: only a bare label is qualified away.
      const isBare = length === 1;
      if (isBare && after?.cell === start.cell && NOT_AFTER[role]?.test(after.word)) continue;
      if (before && before.cell === start.cell && NOT_BEFORE[role]?.test(before.word)) continue;
      // "(Total incl. GST 0.42)": a label in brackets is an aside, not the field.
      if (line.tokens[start.token]?.text.startsWith('(')) continue;
      const last = words[at + length - 1];
      // "UK Company" is a name; a name's label after other words needs its colon ("Sold by:").
      if (NAME_ROLES.has(role) && start.inCell > 0 && !hasColon(line, last?.token ?? start.token))
        continue;
      // A word as short as "To" names the customer only with its colon ("To:").
      const isShort = isBare && start.word.length <= 2;
      if (NAME_ROLES.has(role) && isShort && !hasColon(line, start.token)) continue;
      hits.push({
        line: lineIndex,
        first: start.token,
        last: last?.token ?? start.token,
        words: length,
        rank,
      });
      at += length - 1;
    }
  });
  return hits;
}
