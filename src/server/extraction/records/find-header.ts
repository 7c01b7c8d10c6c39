// Who issued a document and where, when no label names them: the issuer is the first prominent
// line of the top of the first page (a registered name such as "… Sdn Bhd" or "… Ltd" first,
// then a trading name such as "… Restaurant", then the tallest line), and its address is the
// lines right after it, up to the telephone, tax number or the document's title.
import { parseKeyValueLine } from '../extract/key-values';
import type { FieldLine } from './field-lines';

export type HeaderLines = { lines: FieldLine[]; first: number; last: number };

/** How many lines from the top the issuer's name is looked for in. */
const TOP_LINES = 12;
const MAX_ADDRESS_LINES = 5;

const LEGAL_FORM =
  /\b(?:s[do]n\.?\s*bhd|s\/b|bhd|berhad|ltd|limited|llc|l\.l\.c|inc|incorporated|corp|corporation|gmbh|plc|llp|pty|s\.a\.?|s\.a\.r\.l|sarl|b\.v|n\.v|oy|ab|s\.p\.a|kk|pte)\.?$/i;
/** The last legal form in a line, with what follows it when that is a registration number. */
const LEGAL_FORM_INSIDE =
  /\b(?:s[do0][nh]\.?\s*b[hn]?d|s\/b|bhd|berhad|ltd|limited|llc|inc|corp|gmbh|plc|llp|pty|pte)\.?(?=\s+\(?[A-Z]{0,4}\d[\dA-Z-]{3,})/i;
const LEGAL_WORDS =
  /^(?:s[do]n|s\/b|bhd|berhad|ltd|limited|llc|inc|corp|gmbh|plc|llp|pty|pte|co|&|\([a-z]{1,3}\))\.?$/i;
/** Street words: a line with one is an address, not a name. */
const STREET =
  /\b(?:jalan|jln|lot|no|street|st|road|rd|avenue|ave|lane|taman|boulevard|blvd|floor|flr|suite|unit|strasse|straße|rue|calle|via)\b\.?/i;
const STREET_KEY = /^(?:no|lot|unit|suite|floor|flr)\.?$/i;
/** A telephone number, or a run of digits no address has. */
const PHONE_OR_NUMBER = /\b0\d{1,3}-\d{6,8}\b|\+\d{2,3}[\s-]?\d|\d{8,}/;
/** "SON BHD", "SDH BHD", "SDN BD": the Malaysian legal form as OCR misreads it. */
const MISREAD_SDN_BHD = /\bS[DO0][NH]\.?\s+B[HN]?D\b/gi;
const REGISTRATION_AFTER = /\s*\(?[A-Z]{0,4}\d[\dA-Z-]{3,}\)?(?:\s*\([^()]*\))?\s*$/i;
const TRADE_WORDS =
  /\b(?:enterprise|enterprises|trading|restaurant|restoran|store|stores|mart|supermarket|market|shop|cafe|café|bakery|hardware|pharmacy|hotel|station|company|sdn)\b/i;
const TITLE =
  /^(?:(?:simplified\s+)?tax\s+invoice|invoice|(?:official\s+)?receipt|cash\s*(?:sales|bill|receipt)|bill|welcome|statement|quotation|delivery\s+order)\b/i;
/** Contact details and the document's own particulars: the address has ended. */
const CONTACT =
  /\b(?:tel|telephone|phone|ph|fax|hp|mobile|email|e-mail|website|www|http|invoice|receipt|cashier|date|time|table|counter|doc|bill\s+no|order)(?![a-z])|@|\.com\b/i;
/** Registration and tax numbers, printed between a name and its address or after it. */
const REGISTRATION_WORDS =
  /\b(?:gst|sst|vat|tin|abn|reg|registration|roc|brn|br\.?\s*no|co\.?\s*no|company\s+no|ssm|tax\s+id)\b/i;
/** A number on its own: "(1072825-P)", "JM0352019-K". */
const REGISTRATION = /^\(?[^\s()]*\d{3,}[^\s()]*\)?\.?$/;
const DATE_OR_TIME = /^[\d\s/.:-]+(?:[ap]m)?$|\b\d{1,2}:\d{2}\b/i;

function letters(text: string): number {
  return text.replace(/[^\p{L}]/gu, '').length;
}

/** A line that can be a name: mostly letters, not the document's title or contact details. */
function isNameLike(line: FieldLine): boolean {
  const text = line.text.replace(/\([^()]*\d[^()]*\)/g, ' ').trim();
  if (letters(text) < 3 || letters(text) / text.replace(/\s/g, '').length < 0.6) return false;
  return ![TITLE, CONTACT, REGISTRATION_WORDS, STREET].some((pattern) => pattern.test(text));
}

/**
 * A name as printed, without the registration number after it ("KING'S CONFECTIONERY S/B
 * 273500-U (BKI)") and with its legal form spelled right where OCR misread one letter of it.
 */
export function cleanIssuerName(name: string): string {
  const form = LEGAL_FORM_INSIDE.exec(name);
  const cut = form
    ? name.slice(0, form.index + form[0].length)
    : name.replace(REGISTRATION_AFTER, '');
  return cut
    .replace(MISREAD_SDN_BHD, (text) => (text === text.toLowerCase() ? 'sdn bhd' : 'SDN BHD'))
    .replace(/[\s,.:;]+$/, '')
    .trim();
}

function isLegalOnly(line: FieldLine | undefined): boolean {
  return (
    line !== undefined &&
    line.tokens.length <= 5 &&
    line.tokens.every((token) => LEGAL_WORDS.test(token.text.replace(/[,.]$/, '')))
  );
}

/**
 * A registered name in the first cell of a row at the top ("| Bright Path LLC | INVOICE |", the
 * name and the title set side by side): that cell alone, as a line of its own.
 */
function nameCell(line: FieldLine): FieldLine {
  if (!line.isTableRow) return line;
  const cell = line.tokens[0]?.cell;
  const tokens = line.tokens.filter((token) => token.cell === cell);
  const last = tokens.at(-1);
  if (!last || tokens.length === line.tokens.length) return line;
  const text = line.text.slice(0, last.at + last.text.length);
  return LEGAL_FORM.test(text.trim()) ? { ...line, text, tokens, isTableRow: false } : line;
}

/**
 * A registered name: ending in its legal form, or followed by a line holding only the form; or,
 * in the name block above the address, its legal form before its registration number
 * ("GARDENIA BAKERIES (KL) SDN BHD (139386 X)"). Below the address such a line names the owner
 * of a shop whose own name is at the top ("Owned By:" / "SANYU SUPPLY SDN BHD (1135772-K)").
 */
function isRegisteredName(line: FieldLine, next: FieldLine | undefined, isInBlock: boolean) {
  const text = line.text.trim();
  return LEGAL_FORM.test(text) || isLegalOnly(next) || (isInBlock && LEGAL_FORM_INSIDE.test(text));
}

/** The issuer's name: its line or lines (a name ending "Sdn" continued by "Bhd" on the next). */
export function issuerLines(lines: readonly FieldLine[]): HeaderLines | null {
  const firstPage = lines[0]?.page ?? null;
  const top = lines
    .slice(0, TOP_LINES)
    .filter((line) => line.page === firstPage)
    .map(nameCell);
  // A table's row or header ("| Item | Amount |") is not a name.
  const candidates = top
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => isNameLike(line) && !line.isTableRow);
  // A name stands above its address and contact details.
  const blockEnd = top.findIndex(
    (line, index) => index > 0 && !isNameLike(line) && /\d{3,}/.test(line.text),
  );
  const isInBlock = (index: number) => blockEnd < 0 || index < blockEnd;
  const legal = candidates.find(({ line, index }) =>
    isRegisteredName(line, top[index + 1], isInBlock(index)),
  );
  const trade = candidates.find(({ line }) => TRADE_WORDS.test(line.text));
  const block = candidates.filter(({ index }) => isInBlock(index));
  const heights = block.slice(0, 5).filter(({ line }) => line.height !== null);
  const tallest = heights.reduce<(typeof candidates)[number] | undefined>(
    (best, entry) =>
      !best || (entry.line.height ?? 0) > (best.line.height ?? 0) * 1.15 ? entry : best,
    undefined,
  );
  const chosen = legal ?? trade ?? tallest ?? block[0] ?? candidates[0];
  if (!chosen) return null;
  let first = chosen.index;
  let last = chosen.index;
  // "PASARAYA BORONG PINTAR" / "SDN BHD": a line holding only the legal form belongs to the name.
  if (isLegalOnly(top[first]) && first > 0 && isNameLike(top[first - 1] ?? chosen.line)) first -= 1;
  if (isLegalOnly(top[last + 1])) last += 1;
  return { lines: top.slice(first, last + 1), first, last };
}

/** "Cashier: Ann" ends an address; "No: 28, Jalan Astana" does not. */
function isOtherLabel(text: string): boolean {
  const pair = parseKeyValueLine(text);
  return pair !== null && !STREET_KEY.test(pair.key.trim());
}

/** Whether a labelled value can be an address: a number or a street word, no contact details. */
export function isAddressLike(text: string): boolean {
  return (/\d/.test(text) || STREET.test(text)) && !CONTACT.test(text) && letters(text) >= 4;
}

/** A line holding only a currency ("EUR" over the items): the items have begun. */
const CURRENCY_ONLY = /^(?:EUR|USD|GBP|CHF|PLN|CAD|AUD|NZD|SGD|MYR|RM|INR)$/;
/** How many descriptive lines ("LICENSEE OF MCDONALD'S") may stand between a name and its address. */
const MAX_LINES_BEFORE_ADDRESS = 3;

/** Lines right after the name with no number and no street word, when an address line follows. */
function descriptiveLines(lines: readonly FieldLine[], from: number): number {
  for (let skipped = 0; skipped <= MAX_LINES_BEFORE_ADDRESS; skipped++) {
    const text = lines[from + skipped]?.text.trim() ?? '';
    if (/\d/.test(text) || STREET.test(text)) return skipped;
    if (!isNameLike(lines[from + skipped] ?? { text: '', tokens: [], page: null, height: null }))
      return 0;
  }
  return 0;
}

/** The address: the lines after the issuer's name, up to its contact details. */
export function addressLines(lines: readonly FieldLine[], issuer: HeaderLines): FieldLine[] {
  const found: FieldLine[] = [];
  let start = issuer.last + 1;
  while (REGISTRATION.test(lines[start]?.text.trim() ?? '')) start += 1;
  start += descriptiveLines(lines, start);
  for (let index = start; index < lines.length; index++) {
    const line = lines[index];
    if (!line || line.page !== issuer.lines[0]?.page) break;
    const text = line.text.trim();
    if (found.length > 0 && CURRENCY_ONLY.test(text)) break;
    const isAside =
      REGISTRATION.test(text) ||
      DATE_OR_TIME.test(text) ||
      REGISTRATION_WORDS.test(text) ||
      PHONE_OR_NUMBER.test(text);
    if (found.length === 0 && isAside) continue;
    if (isAside || TITLE.test(text) || CONTACT.test(text) || isOtherLabel(text)) break;
    if (letters(text) < 2) break;
    found.push(line);
    if (found.length === MAX_ADDRESS_LINES) break;
  }
  return found;
}
