// Header similarity: how well a table header (or a record key) names one of the user's columns.
// Scores run from 0 to 1:
//   1    the normalised names are equal ("Amounts" = "amount", "Unit_Price" = "unit price",
//        "E-mail" = "email")
//   0.9  both are names of the same template column (TEMPLATE_SYNONYMS, read both ways)
//   <0.8 shared words: column words found in the header count most ("Transaction Date" ~ date);
//        a header holding every word of the column scores at least MATCH_THRESHOLD
// Footnote marks and bracketed units never count: "Amount (EUR)¹" is "amount".
// A pair below MATCH_THRESHOLD is no match.
import { TEMPLATE_SYNONYMS } from '../../../shared/templates';

export const MATCH_THRESHOLD = 0.5;

const SYNONYM_SCORE = 0.9;
const TOKEN_WEIGHT = 0.8;
/** How far above the threshold a header holding all of the column's words scores, at most. */
const QUALIFIED_RANGE = 0.3;

/** Words that say a unit or currency, not what the column holds: "Amount (EUR)" is an amount. */
const UNIT_TOKENS = new Set(['eur', 'usd', 'gbp', 'chf', 'jpy', 'cad', 'aud', 'inr', 'cny', 'sek']);
/** Words of a bracketed unit or scale: "(in thousands)", "(€ '000)", "(%)", "(k€)". */
const SCALE_WORDS = new Set([
  ...UNIT_TOKENS,
  ...'in k m mn bn thousand thousands million millions billion billions 000 percent pct'.split(' '),
]);
/** Footnote marks: superscript figures and letters, daggers, asterisks. */
const FOOTNOTE_MARKS = /[\u00b9\u00b2\u00b3\u2070-\u209f\u1d43-\u1dbf*†‡§¶]+/gu;
/** A footnote reference closing a name: "Total (1)", "Amount [a]". */
const FOOTNOTE_REFERENCE = /\s*[([]\s*(?:\d{1,2}|[a-z])\s*[)\]]\s*$/i;
const BRACKETED = /[([]([^()[\]]*)[)\]]/g;

/**
 * A name without footnote marks and without a bracketed unit or scale ("Amount (EUR)¹" →
 * "Amount"); with `keepUnits`, the unit's words stay ("Female (percent)" → "Female percent").
 */
function stripMarks(name: string, keepUnits = false): string {
  const unmarked = name.replace(FOOTNOTE_MARKS, ' ').replace(FOOTNOTE_REFERENCE, '');
  if (keepUnits) return unmarked.replace(/[()[\]]/g, ' ');
  return unmarked.replace(BRACKETED, (group, inner: string) => {
    const words = inner
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    return words.every((word) => SCALE_WORDS.has(word)) ? ' ' : group;
  });
}
/** Abbreviations people put in headers, spelled out. */
const TOKEN_ALIASES: Record<string, string> = {
  no: 'number',
  nr: 'number',
  num: 'number',
  qty: 'quantity',
  amt: 'amount',
  desc: 'description',
  descr: 'description',
};

/** A word without a simple plural ending: amounts → amount, categories → category. */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is)$/.test(word) || !word.endsWith('s')) return word;
  return word.slice(0, -1);
}

/**
 * The words of a name: footnote marks and bracketed units dropped, camelCase split, accents and
 * punctuation dropped, lowercase, singular.
 */
export function headerTokens(name: string, keepUnits = false): string[] {
  return stripMarks(name, keepUnits)
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((token) => token !== '' && !UNIT_TOKENS.has(token))
    .map((token) => TOKEN_ALIASES[token] ?? singular(token));
}

export function normalizeHeader(name: string): string {
  return headerTokens(name).join(' ');
}

let synonymGroups: Map<string, Set<string>> | null = null;

/** Normalised name → the template columns it names (the column itself or one of its synonyms). */
function groupsOf(normalized: string): Set<string> | undefined {
  if (!synonymGroups) {
    const groups = new Map<string, Set<string>>();
    for (const [column, synonyms] of Object.entries(TEMPLATE_SYNONYMS)) {
      for (const name of [column, ...synonyms]) {
        const key = normalizeHeader(name);
        groups.set(key, (groups.get(key) ?? new Set()).add(column));
      }
    }
    synonymGroups = groups;
  }
  return synonymGroups.get(normalized);
}

function isSynonym(a: string, b: string): boolean {
  const groups = groupsOf(a);
  const other = groupsOf(b);
  if (!groups || !other) return false;
  for (const group of groups) if (other.has(group)) return true;
  return false;
}

/**
 * Shared words, weighted so that a header holding all the column's words scores best. A header
 * that is the column's name plus qualifiers ("Heading of the financial framework" for "Heading",
 * "Estimates 2024 Male Number" for "Male number") always matches, the fewer qualifiers the better.
 */
function tokenScore(column: string[], header: string[]): number {
  if (column.length === 0 || header.length === 0) return 0;
  const headerSet = new Set(header);
  const shared = new Set(column.filter((token) => headerSet.has(token))).size;
  if (shared === 0) return 0;
  const score = TOKEN_WEIGHT * (shared / column.length) * (0.5 + (0.5 * shared) / headerSet.size);
  if (shared < new Set(column).size) return score;
  return Math.max(score, MATCH_THRESHOLD + (QUALIFIED_RANGE * shared) / headerSet.size);
}

/** How well `header` names `column`, from 0 to 1. */
export function scoreHeader(column: string, header: string): number {
  const columnTokens = headerTokens(column);
  const headerTokensList = headerTokens(header);
  const a = columnTokens.join(' ');
  const b = headerTokensList.join(' ');
  if (a === '' || b === '') return 0;
  // "E-mail" is "email", "Unit_Price" is "UnitPrice".
  if (a === b || a.replaceAll(' ', '') === b.replaceAll(' ', '')) return 1;
  if (isSynonym(a, b)) return SYNONYM_SCORE;
  // A unit may be what tells two headings apart ("Female Number", "Female Percent").
  const withUnits = tokenScore(headerTokens(column, true), headerTokens(header, true));
  return Math.max(tokenScore(columnTokens, headerTokensList), withUnits);
}

export type HeaderMatch = { column: string; index: number; score: number };

/**
 * The best one-to-one assignment of columns to headers, greedy by score (ties go to the earlier
 * column, then the earlier header). Columns without a header scoring MATCH_THRESHOLD are left out.
 */
export function matchHeaders(columns: string[], headers: string[]): HeaderMatch[] {
  const pairs: (HeaderMatch & { order: number })[] = [];
  columns.forEach((column, order) => {
    headers.forEach((header, index) => {
      const score = scoreHeader(column, header);
      if (score >= MATCH_THRESHOLD) pairs.push({ column, index, score, order });
    });
  });
  pairs.sort((x, y) => y.score - x.score || x.order - y.order || x.index - y.index);
  const usedColumns = new Set<string>();
  const usedHeaders = new Set<number>();
  const matches: HeaderMatch[] = [];
  for (const pair of pairs) {
    if (usedColumns.has(pair.column) || usedHeaders.has(pair.index)) continue;
    usedColumns.add(pair.column);
    usedHeaders.add(pair.index);
    matches.push({ column: pair.column, index: pair.index, score: pair.score });
  }
  return matches.sort((x, y) => columns.indexOf(x.column) - columns.indexOf(y.column));
}

/** A table or record is about the columns when it has the first (required) one or half of them. */
export function isEnoughMatch(columns: string[], matches: HeaderMatch[]): boolean {
  if (columns.length === 0 || matches.length === 0) return false;
  return (
    matches.some((match) => match.column === columns[0]) || matches.length * 2 >= columns.length
  );
}
