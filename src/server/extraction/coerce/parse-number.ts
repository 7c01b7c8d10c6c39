// Numbers as people write them; rules and examples in docs/coercion-rules.md.
import { MAX_DECIMALS, valueDecimals } from '../../../shared/number-decimals';

const ISO_CODES =
  'USD|EUR|GBP|JPY|CNY|RMB|INR|CHF|CAD|AUD|NZD|HKD|SGD|SEK|NOK|DKK|ISK|PLN|CZK|HUF|RON|BGN|RUB|UAH|TRY|ZAR|' +
  'BRL|MXN|ARS|CLP|COP|PEN|KRW|TWD|THB|IDR|MYR|PHP|VND|PKR|BDT|LKR|ILS|AED|SAR|QAR|KWD|EGP|NGN|KES|BTC|ETH';
const CURRENCY = `(?:${ISO_CODES}|[A-Z]{1,2}\\$|[$£¥][A-Z]{2}|CN¥|Rs\\.?|kr\\.?|Fr\\.|zł|Kč|[$€£¥₹₩₽₺₪₫₱฿₦₴₡₲₵₸₼₾¢₣₿元円])`;
const CURRENCY_PREFIX = new RegExp(`^${CURRENCY}`, 'i');
const CURRENCY_SUFFIX = new RegExp(`${CURRENCY}$`, 'i');
// Single letters only when attached ("1.2k", "$3M"): "5 m" may be metres.
const MULTIPLIER_SUFFIX =
  /(?<=[\d.])(?:([kmbt])|\s*(mn|bn|tn|thousand|million|billion|trillion))\.?$/i;
const MULTIPLIER_EXPONENTS: Record<string, number> = { k: 3, m: 6, b: 9, t: 12 };

export const SPACES = /[\s\u00A0\u2007\u2009\u202F]+/g;
const MINUS_SIGNS = /[\u2212\u2012\u2013\uFE63\uFF0D]/g;
const APOSTROPHES = /[\u2019\u02BC`]/g;

type Affixes = {
  core: string;
  minuses: number;
  opens: number;
  closes: number;
  percent: boolean;
  exponent: number;
};

function stripPrefixes(state: Affixes): boolean {
  const text = state.core;
  if (text.startsWith('(')) state.opens += 1;
  else if (text.startsWith('-')) state.minuses += 1;
  else if (!text.startsWith('+')) {
    const currency = CURRENCY_PREFIX.exec(text);
    if (!currency) return false;
    state.core = text.slice(currency[0].length).trim();
    return true;
  }
  state.core = text.slice(1).trim();
  return true;
}

function stripSuffixes(state: Affixes): boolean {
  const text = state.core;
  if (text.endsWith(')')) state.closes += 1;
  else if (text.endsWith('-') && text.length > 1) state.minuses += 1;
  else if (text.endsWith('%') && !state.percent) state.percent = true;
  else {
    const match =
      CURRENCY_SUFFIX.exec(text) ?? (state.exponent === 0 ? MULTIPLIER_SUFFIX.exec(text) : null);
    if (!match) return false;
    const multiplier = (match[1] ?? match[2])?.[0]?.toLowerCase();
    if (multiplier) state.exponent = MULTIPLIER_EXPONENTS[multiplier] ?? 0;
    state.core = text.slice(0, match.index).trim();
    return true;
  }
  state.core = text.slice(0, -1).trim();
  return true;
}

/** A comma used once is a thousands separator when exactly three digits follow a 1–3 digit group. */
function isThousandsComma(core: string): boolean {
  return /^[1-9]\d{0,2},\d{3}$/.test(core);
}

function isValidGrouping(integer: string, separator: string): boolean {
  const groups = integer.split(separator);
  const [first, ...rest] = groups;
  if (!first || !/^\d{1,3}$/.test(first) || rest.length === 0) return false;
  if (rest.every((group) => /^\d{3}$/.test(group))) return true;
  // Indian grouping: 12,34,567
  const last = rest.at(-1) ?? '';
  return (
    /^\d{3}$/.test(last) &&
    rest.slice(0, -1).every((group) => /^\d{2}$/.test(group)) &&
    first.length <= 2
  );
}

function chooseDecimal(core: string): { decimal: string | null; group: string | null } {
  const spaced = /[ ']/.exec(core)?.[0] ?? null;
  const lastDot = core.lastIndexOf('.');
  const lastComma = core.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    return { decimal, group: spaced ? 'mixed' : decimal === '.' ? ',' : '.' };
  }
  const mark = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
  if (!mark) return { decimal: null, group: spaced };
  const isRepeated = core.indexOf(mark) !== core.lastIndexOf(mark);
  if (isRepeated) return { decimal: null, group: spaced ? 'mixed' : mark };
  if (!spaced && mark === ',' && isThousandsComma(core)) return { decimal: null, group: ',' };
  return { decimal: mark, group: spaced };
}

/**
 * The digits of a number without its sign and affixes, as a string Number() reads exactly, and
 * the decimals it was written with (null for scientific notation, which says none).
 */
function parseCore(core: string): { digits: string; decimals: number | null } | null {
  if (/^(?:\d+\.?\d*|\.\d+)e[+-]?\d+$/i.test(core)) return { digits: core, decimals: null };
  if (!/^[\d.,' ]+$/.test(core) || !/\d/.test(core)) return null;
  const { decimal, group } = chooseDecimal(core);
  if (group === 'mixed') return null;
  const decimalAt = decimal ? core.lastIndexOf(decimal) : -1;
  const integer = decimalAt >= 0 ? core.slice(0, decimalAt) : core;
  const fraction = decimalAt >= 0 ? core.slice(decimalAt + 1) : '';
  if (!/^\d*$/.test(fraction)) return null;
  if (group && integer.includes(group) && !isValidGrouping(integer, group)) return null;
  const digits = group ? integer.split(group).join('') : integer;
  if (!/^\d*$/.test(digits) || digits + fraction === '') return null;
  return { digits: `${digits || '0'}.${fraction || '0'}`, decimals: fraction.length };
}

function stripAffixes(text: string): Affixes | null {
  const state: Affixes = {
    core: text,
    minuses: 0,
    opens: 0,
    closes: 0,
    percent: false,
    exponent: 0,
  };
  let steps = 0;
  while (steps < 8 && stripPrefixes(state)) steps += 1;
  while (steps < 16 && stripSuffixes(state)) steps += 1;
  if (state.opens !== state.closes || state.minuses + state.opens > 1) return null;
  if (state.exponent !== 0 && (state.percent || /e/i.test(state.core))) return null;
  return state;
}

/** A number as written, and how many decimals it was written with: "1,234.50" → 1234.5 and 2. */
export type NumberParts = { value: number; decimals: number };

/**
 * `parseNumber` with the decimals the text shows: "12.50" has 2, "12" none, "12.5%" 1; a
 * multiplier takes its own ("1.25k" is 1250, none). Scientific notation counts the value's own.
 */
export function parseNumberParts(raw: string): NumberParts | null {
  const text = raw.replace(SPACES, ' ').replace(MINUS_SIGNS, '-').replace(APOSTROPHES, "'").trim();
  const state = stripAffixes(text);
  const core = state ? parseCore(state.core) : null;
  if (!state || core === null) return null;
  const value = Number(state.exponent === 0 ? core.digits : `${core.digits}e${state.exponent}`);
  if (!Number.isFinite(value)) return null;
  const isNegative = state.minuses + state.opens === 1;
  const signed = isNegative && value !== 0 ? -value : value;
  const decimals =
    core.decimals === null
      ? valueDecimals(signed)
      : Math.min(MAX_DECIMALS, Math.max(0, core.decimals - state.exponent));
  return { value: signed, decimals };
}

/**
 * A number as people write it: "1,234.50", "1.234,50", "1 234,5", "1'234.50", "$12", "12 EUR",
 * "12.5%" (stays 12.5), "(1,234)" and "−5" (negative), "1234-", "1.2k", "3.5bn", "1e6". Null otherwise.
 */
export function parseNumber(raw: string): number | null {
  return parseNumberParts(raw)?.value ?? null;
}
