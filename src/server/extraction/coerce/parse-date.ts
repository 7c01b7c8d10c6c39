// Dates as people write them → YYYY-MM-DD; rules and examples in docs/coercion-rules.md.
import { SPACES } from './parse-number';

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
