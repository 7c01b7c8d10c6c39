// Who issued a document and where, when no label names them: the issuer is the first prominent
// line of the top of the first page (a registered name such as "… Sdn Bhd" or "… Ltd" first,
// then a trading name such as "… Restaurant", then the tallest line), and its address is the
// lines right after it, up to the telephone, tax number or the document's title.
import type { FieldLine } from './field-lines';

export type HeaderLines = { lines: FieldLine[]; first: number; last: number };

/** How many lines from the top the issuer's name is looked for in. */
const TOP_LINES = 12;
const MAX_ADDRESS_LINES = 5;

const LEGAL_FORM =
  /\b(?:s[do]n\.?\s*bhd|bhd|berhad|ltd|limited|llc|l\.l\.c|inc|incorporated|corp|corporation|gmbh|plc|llp|pty|s\.a\.?|s\.a\.r\.l|sarl|b\.v|n\.v|oy|ab|s\.p\.a|kk|pte)\.?$/i;
const LEGAL_WORDS = /^(?:s[do]n|bhd|berhad|ltd|limited|llc|inc|corp|gmbh|plc|llp|pty|pte|co)\.?$/i;
const TRADE_WORDS =
  /\b(?:enterprise|enterprises|trading|restaurant|restoran|store|stores|mart|supermarket|market|shop|cafe|café|bakery|hardware|pharmacy|hotel|station|company|sdn)\b/i;
const TITLE =
  /^(?:(?:simplified\s+)?tax\s+invoice|invoice|(?:official\s+)?receipt|cash\s*(?:sales|bill|receipt)|bill|welcome|statement|quotation|delivery\s+order)\b/i;
const CONTACT =
  /\b(?:tel|telephone|phone|ph|fax|hp|mobile|email|e-mail|website|www|http|gst|sst|vat|tin|abn|reg|registration|roc|brn|co\.?\s*no|company\s+no|invoice|receipt|cashier|date|time|table|counter|doc|bill\s+no|order)\b|@|\.com\b/i;
const REGISTRATION = /^\(?[A-Z]{0,4}[\s.:]*\d[\dA-Z\s-]{4,}\)?\.?$/i;
const DATE_OR_TIME = /^[\d\s/.:-]+(?:[ap]m)?$|\b\d{1,2}:\d{2}\b/i;

function letters(text: string): number {
  return text.replace(/[^\p{L}]/gu, '').length;
}

/** A line that can be a name: mostly letters, not the document's title or contact details. */
function isNameLike(line: FieldLine): boolean {
  const text = line.text.trim();
  if (letters(text) < 3 || letters(text) / text.replace(/\s/g, '').length < 0.6) return false;
  return !TITLE.test(text) && !CONTACT.test(text);
}

function isLegalOnly(line: FieldLine | undefined): boolean {
  return (
    line !== undefined &&
    line.tokens.length <= 3 &&
    line.tokens.every((token) => LEGAL_WORDS.test(token.text.replace(/[,.]$/, '')))
  );
}

/** The issuer's name: its line or lines (a name ending "Sdn" continued by "Bhd" on the next). */
export function issuerLines(lines: readonly FieldLine[]): HeaderLines | null {
  const firstPage = lines[0]?.page ?? null;
  const top = lines.slice(0, TOP_LINES).filter((line) => line.page === firstPage);
  const candidates = top.map((line, index) => ({ line, index })).filter(({ line }) => isNameLike(line));
  const legal = candidates.find(
    ({ line, index }) => LEGAL_FORM.test(line.text.trim()) || isLegalOnly(top[index + 1]),
  );
  const trade = candidates.find(({ line }) => TRADE_WORDS.test(line.text));
  const heights = candidates.slice(0, 5).filter(({ line }) => line.height !== null);
  const tallest = heights.reduce<(typeof candidates)[number] | undefined>(
    (best, entry) => (!best || (entry.line.height ?? 0) > (best.line.height ?? 0) * 1.15 ? entry : best),
    undefined,
  );
  const chosen = legal ?? trade ?? tallest ?? candidates[0];
  if (!chosen) return null;
  let first = chosen.index;
  let last = chosen.index;
  // "PASARAYA BORONG PINTAR" / "SDN BHD": a line holding only the legal form belongs to the name.
  if (isLegalOnly(top[first]) && first > 0 && isNameLike(top[first - 1] ?? chosen.line)) first -= 1;
  if (isLegalOnly(top[last + 1])) last += 1;
  return { lines: top.slice(first, last + 1), first, last };
}

/** The address: the lines after the issuer's name, up to its contact details. */
export function addressLines(lines: readonly FieldLine[], issuer: HeaderLines): FieldLine[] {
  const found: FieldLine[] = [];
  for (let index = issuer.last + 1; index < lines.length; index++) {
    const line = lines[index];
    if (!line || line.page !== issuer.lines[0]?.page) break;
    const text = line.text.trim();
    const isAside = REGISTRATION.test(text) || DATE_OR_TIME.test(text);
    if (found.length === 0 && (isAside || (CONTACT.test(text) && !/\d{4,}/.test(text)))) continue;
    if (isAside || TITLE.test(text) || CONTACT.test(text)) break;
    if (letters(text) < 2) break;
    found.push(line);
    if (found.length === MAX_ADDRESS_LINES) break;
  }
  return found;
}
