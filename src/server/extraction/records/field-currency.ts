// The currency of a document's amounts: a code printed as such ("EUR", "USD"), or the sign an
// amount carries ("€12.50", "RM73.00", "12,50 €"), given as its ISO code where the sign names
// one currency ("$" names several, so it stays "$"). Without a label, the document's most used.
import type { Span } from '../finish/evidence-index';
import type { FieldLine, LineToken } from './field-lines';

const CODES = new Set(
  'USD EUR GBP JPY CHF CAD AUD NZD MYR SGD INR CNY HKD SEK NOK DKK PLN CZK HUF ZAR BRL MXN IDR THB PHP KRW AED SAR TRY RON ILS'.split(
    ' ',
  ),
);

const SIGNS: Readonly<Record<string, string>> = {
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  RM: 'MYR',
  S$: 'SGD',
  A$: 'AUD',
  C$: 'CAD',
  US$: 'USD',
  zł: 'PLN',
  $: '$',
};

const BEFORE_AMOUNT = /^(US\$|S\$|A\$|C\$|RM|[€£¥₹$])(?=[-\d(])/;
const AFTER_AMOUNT = /(?<=\d)(€|£|zł)$/;

/** The currency's code, and what the document printed for it (`€` for EUR). */
export type FoundCurrency = { code: string; printed: string; span: Span; page: number | null };

/** The currency a token names, and where in it; null when it names none. */
function currencyIn(token: LineToken): Omit<FoundCurrency, 'page'> | null {
  const lead = token.text.startsWith('(') ? 1 : 0;
  const text = token.text.slice(lead).replace(/[:;,.)]+$/, '');
  const start = token.start + lead;
  const end = start + text.length;
  const sign = CODES.has(text) ? text : SIGNS[text];
  if (sign) return { code: sign, printed: text, span: { start, end } };
  const before = BEFORE_AMOUNT.exec(text)?.[1];
  if (before)
    return {
      code: SIGNS[before] ?? before,
      printed: before,
      span: { start, end: start + before.length },
    };
  const after = AFTER_AMOUNT.exec(text)?.[1];
  if (after)
    return {
      code: SIGNS[after] ?? after,
      printed: after,
      span: { start: end - after.length, end },
    };
  return null;
}

/** The first currency among these tokens of a line (a label's value). */
export function currencyAmong(line: FieldLine, from: number, to: number): FoundCurrency | null {
  for (const token of line.tokens.slice(from, to + 1)) {
    const found = currencyIn(token);
    if (found) return { ...found, page: line.page };
  }
  return null;
}

/** The currency the document's amounts use most, at its first place; null when none shows. */
export function documentCurrency(lines: readonly FieldLine[]): FoundCurrency | null {
  const seen = new Map<string, { first: FoundCurrency; count: number }>();
  for (const line of lines)
    for (const token of line.tokens) {
      const found = currencyIn(token);
      if (!found) continue;
      const entry = seen.get(found.code);
      if (entry) entry.count += 1;
      else seen.set(found.code, { first: { ...found, page: line.page }, count: 1 });
    }
  let best: { first: FoundCurrency; count: number } | undefined;
  for (const entry of seen.values()) if (!best || entry.count > best.count) best = entry;
  return best?.first ?? null;
}
