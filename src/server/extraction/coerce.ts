import type { ColumnDefinition, ColumnType } from '../../shared/columns';
import type { CellValue, ExtractedRow } from '../../shared/extraction';

/*
 * Value coercion (SPEC.md section 5, plus what people really write). The rules and
 * examples are documented in docs/coercion-rules.md; keep the two in step.
 */

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

const SPACES = /[\s\u00A0\u2007\u2009\u202F]+/g;
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

/** The digits of a number without its sign and affixes, as a string Number() reads exactly. */
function parseCore(core: string): string | null {
  if (/^(?:\d+\.?\d*|\.\d+)e[+-]?\d+$/i.test(core)) return core;
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
  return `${digits || '0'}.${fraction || '0'}`;
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

/**
 * A number as people write it: "1,234.50", "1.234,50", "1 234,5", "1'234.50", "$12", "12 EUR",
 * "12.5%" (stays 12.5), "(1,234)" and "−5" (negative), "1234-", "1.2k", "3.5bn", "1e6". Null otherwise.
 */
export function parseNumber(raw: string): number | null {
  const text = raw.replace(SPACES, ' ').replace(MINUS_SIGNS, '-').replace(APOSTROPHES, "'").trim();
  const state = stripAffixes(text);
  const digits = state ? parseCore(state.core) : null;
  if (!state || digits === null) return null;
  const value = Number(state.exponent === 0 ? digits : `${digits}e${state.exponent}`);
  if (!Number.isFinite(value)) return null;
  const isNegative = state.minuses + state.opens === 1;
  return isNegative && value !== 0 ? -value : value;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH_NAMES =
  /^(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sept?(ember)?|oct(ober)?|nov(ember)?|dec(ember)?)\.?$/;
const WEEKDAY_PREFIX = /^(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/;
const TIME_SUFFIX = /(?:[T ]\d{1,2}:\d{2}.*)?$/i;
const YEAR_FIRST = new RegExp(`^(\\d{4})([-/.])(\\d{1,2})\\2(\\d{1,2})${TIME_SUFFIX.source}`, 'i');
const YEAR_LAST = new RegExp(
  `^(\\d{1,2})([-/.])(\\d{1,2})\\2(\\d{4}|\\d{2})${TIME_SUFFIX.source}`,
  'i',
);

function toIsoDate(year: number, month: number, day: number): string | null {
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate();
  const isLeap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  if (day > (month === 2 && !isLeap ? 28 : daysInMonth)) return null;
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** Two-digit years pivot like POSIX strptime: 00–68 are 2000–2068, 69–99 are 1969–1999. */
function expandYear(year: string): number {
  const value = Number(year);
  if (year.length !== 2) return value;
  return value < 69 ? 2000 + value : 1900 + value;
}

function parseNumericDate(text: string): string | null {
  const yearFirst = YEAR_FIRST.exec(text);
  if (yearFirst) return toIsoDate(Number(yearFirst[1]), Number(yearFirst[3]), Number(yearFirst[4]));
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(text);
  if (compact) return toIsoDate(Number(compact[1]), Number(compact[2]), Number(compact[3]));
  const yearLast = YEAR_LAST.exec(text);
  if (!yearLast) return null;
  const [first, second] = [Number(yearLast[1]), Number(yearLast[3])];
  const isDayFirst = yearLast[2] === '.' ? second <= 12 : first > 12;
  const [month, day] = isDayFirst ? [second, first] : [first, second];
  return toIsoDate(expandYear(yearLast[4] ?? ''), month, day);
}

function monthNumber(token: string): number {
  return MONTH_NAMES.test(token) ? MONTHS.indexOf(token.slice(0, 3)) + 1 : 0;
}

/** "3 March 2025", "Mar 3, 2025", "March 3rd, 2025", "3-Mar-25", "2025 Mar 3", "the 3rd of March 2025". */
function parseNamedMonthDate(text: string): string | null {
  const tokens = text
    .replace(/(\d)(st|nd|rd|th)\b/g, '$1')
    .split(/[\s,/.-]+/)
    .filter((token) => token !== '' && token !== 'of' && token !== 'the');
  if (tokens.length !== 3) return null;
  const monthAt = tokens.findIndex((token) => monthNumber(token) > 0);
  const numbers = tokens.filter((_token, index) => index !== monthAt);
  if (monthAt < 0 || !numbers.every((token) => /^\d{1,4}$/.test(token))) return null;
  const month = monthNumber(tokens[monthAt] ?? '');
  const [a = '', b = ''] = numbers;
  if (monthAt === 1 && a.length === 4) return toIsoDate(Number(a), month, Number(b));
  if (b.length !== 4 && b.length !== 2) return null;
  if (monthAt === 2 || a.length > 2) return null;
  return toIsoDate(expandYear(b), month, Number(a));
}

/** A calendar date as YYYY-MM-DD, or null when it is not a real date. Times and weekdays are ignored. */
export function parseDate(raw: string): string | null {
  const text = raw.replace(SPACES, ' ').trim().toLowerCase().replace(WEEKDAY_PREFIX, '');
  if (text === '') return null;
  return parseNumericDate(text) ?? parseNamedMonthDate(text.replace(TIME_SUFFIX, '').trim());
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'on', 't', '✓', '✔', '☑']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off', 'f', '✗', '✘', '☐']);

/** true/yes/1 and false/no/0 (SPEC.md section 5), also y/n, t/f, on/off and check marks; any case. */
export function parseBoolean(raw: string): boolean | null {
  const word = raw.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}

function toText(raw: unknown): string | null {
  if (typeof raw === 'string') return raw.trim() === '' ? null : raw.trim();
  if (typeof raw === 'number') return Number.isFinite(raw) ? String(raw) : null;
  if (typeof raw === 'boolean') return String(raw);
  if (Array.isArray(raw)) {
    const parts = raw.map(toText).filter((part): part is string => part !== null);
    return parts.length > 0 ? parts.join(', ') : null;
  }
  if (typeof raw === 'object' && raw !== null) return JSON.stringify(raw);
  return null;
}

/** One cell from the model's JSON (or the offline extractor's strings) as its column's type; blank is null. */
export function coerceValue(raw: unknown, type: ColumnType): CellValue {
  if (type === 'number') {
    if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
    return typeof raw === 'string' ? parseNumber(raw) : null;
  }
  if (type === 'boolean') {
    if (typeof raw === 'boolean') return raw;
    if (typeof raw === 'number') return raw === 1 ? true : raw === 0 ? false : null;
    return typeof raw === 'string' ? parseBoolean(raw) : null;
  }
  if (type === 'date') {
    if (typeof raw === 'number') return Number.isInteger(raw) ? parseDate(String(raw)) : null;
    return typeof raw === 'string' ? parseDate(raw) : null;
  }
  return toText(raw);
}

function keyForm(name: string): string {
  return name.toLowerCase().replace(/[\s_\-.]+/g, '');
}

/** The raw key for each column: its exact name first, then a case/space/underscore-insensitive match. */
function matchKeys(raw: Record<string, unknown>, columns: ColumnDefinition[]): Map<string, string> {
  const keys = Object.keys(raw);
  const matched = new Map<string, string>();
  const used = new Set<string>();
  for (const column of columns) {
    if (!Object.hasOwn(raw, column.name)) continue;
    matched.set(column.name, column.name);
    used.add(column.name);
  }
  for (const column of columns) {
    if (matched.has(column.name)) continue;
    const key = keys.find(
      (candidate) => !used.has(candidate) && keyForm(candidate) === keyForm(column.name),
    );
    if (key === undefined) continue;
    matched.set(column.name, key);
    used.add(key);
  }
  return matched;
}

/** An own, enumerable cell even for a column named like an Object.prototype member ("__proto__"). */
function setCell(row: ExtractedRow, name: string, value: CellValue): void {
  Object.defineProperty(row, name, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * One row per SPEC.md section 5: values coerced to their column's type, extra keys dropped,
 * blank optional values omitted; the first (required) column is always present: 0 for a
 * number column, otherwise an empty string when its value is blank or invalid.
 */
export function coerceRow(raw: Record<string, unknown>, columns: ColumnDefinition[]): ExtractedRow {
  const keys = matchKeys(raw, columns);
  const row: ExtractedRow = {};
  columns.forEach((column, index) => {
    const key = keys.get(column.name);
    const value = key === undefined ? null : coerceValue(raw[key], column.type);
    if (value !== null) setCell(row, column.name, value);
    else if (index === 0) setCell(row, column.name, column.type === 'number' ? 0 : '');
  });
  return row;
}
