// How sure the model was of each value it gave: the probability of the value's least certain
// token, from the log-probabilities the provider returned with the answer. The answer's JSON is
// scanned for the rows of its first array and where each value stands; the tokens are laid over
// the same text. Nothing is known when the tokens do not spell the answer.
import type { TokenLogprob } from '../../llm/model-client';
import { answerArrayStart } from './parse-answer';

type ValueSpan = { key: string; start: number; end: number };

/** The end of the string that starts at `at` (its closing quote's index), or -1. */
function stringEnd(text: string, at: number): number {
  for (let i = at + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

/** The end (exclusive) of the JSON value starting at `at`: a string, a literal or nested brackets. */
function valueEnd(text: string, at: number): number {
  const first = text[at];
  if (first === '"') return stringEnd(text, at) + 1 || -1;
  if (first === '{' || first === '[') {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const char = text[i];
      if (char === '"') i = stringEnd(text, i);
      else if (char === '{' || char === '[') depth++;
      else if (char === '}' || char === ']') {
        depth--;
        if (depth === 0) return i + 1;
      }
      if (i < 0) return -1;
    }
    return -1;
  }
  const match = /^[^,}\]\s]+/.exec(text.slice(at, at + 64));
  return match ? at + match[0].length : -1;
}

const skipSpace = (text: string, at: number) => {
  while (at < text.length && /\s/.test(text[at] ?? '')) at++;
  return at;
};

/** The object starting at `at`: each key's value span (strings without their quotes). */
function objectSpans(text: string, at: number): { spans: ValueSpan[]; end: number } | null {
  const spans: ValueSpan[] = [];
  let i = skipSpace(text, at + 1);
  while (i < text.length && text[i] !== '}') {
    if (text[i] !== '"') return null;
    const keyEnd = stringEnd(text, i);
    if (keyEnd < 0) return null;
    const key = JSON.parse(text.slice(i, keyEnd + 1)) as string;
    i = skipSpace(text, keyEnd + 1);
    if (text[i] !== ':') return null;
    const start = skipSpace(text, i + 1);
    const end = valueEnd(text, start);
    if (end < 0) return null;
    const isString = text[start] === '"';
    spans.push({ key, start: isString ? start + 1 : start, end: isString ? end - 1 : end });
    i = skipSpace(text, end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return i < text.length ? { spans, end: i + 1 } : null;
}

/** Each complete row object of the answer's first array, as the value spans of its keys. */
export function rowValueSpans(text: string): ValueSpan[][] {
  const rows: ValueSpan[][] = [];
  let i = answerArrayStart(text);
  if (i < 0) return rows;
  i = skipSpace(text, i + 1);
  while (text[i] === '{') {
    const object = objectSpans(text, i);
    if (!object) break;
    rows.push(object.spans);
    i = skipSpace(text, object.end);
    if (text[i] === ',') i = skipSpace(text, i + 1);
  }
  return rows;
}

/** The value spans of the answer's `fields` object (records, issue 31), or null. */
export function fieldValueSpans(text: string): ValueSpan[] | null {
  const key = /"fields"\s*:\s*\{/.exec(text);
  if (!key) return null;
  return objectSpans(text, key.index + key[0].length - 1)?.spans ?? null;
}

/** Each group of value spans (a row, the fields) as each key's certainty. */
function certaintyOf(
  content: string,
  tokens: TokenLogprob[] | undefined,
  groups: ValueSpan[][],
): Record<string, number>[] | null {
  if (!tokens || tokens.map((token) => token.token).join('') !== content) return null;
  const starts: number[] = [];
  let offset = 0;
  for (const token of tokens) {
    starts.push(offset);
    offset += token.token.length;
  }
  let cursor = 0;
  return groups.map((spans) => {
    const certainty: Record<string, number> = {};
    for (const { key, start, end } of spans) {
      // Spans come in order: the cursor only moves forward.
      while (
        cursor < tokens.length &&
        (starts[cursor] ?? 0) + (tokens[cursor]?.token.length ?? 0) <= start
      )
        cursor++;
      let lowest = 0;
      for (let t = cursor; t < tokens.length && (starts[t] ?? 0) < Math.max(end, start + 1); t++)
        lowest = Math.min(lowest, tokens[t]?.logprob ?? 0);
      certainty[key] = Math.round(Math.exp(lowest) * 1000) / 1000;
    }
    return certainty;
  });
}

/**
 * For each row of the answer, each value's certainty: the probability of its least certain
 * token. Undefined for every row when the tokens are missing or do not spell the answer.
 */
export function valueCertainty(
  content: string,
  tokens: TokenLogprob[] | undefined,
): (Record<string, number> | undefined)[] {
  return certaintyOf(content, tokens, rowValueSpans(content)) ?? [];
}

/** Each field's certainty, as valueCertainty gives a row's; undefined when unknown. */
export function fieldCertainty(
  content: string,
  tokens: TokenLogprob[] | undefined,
): Record<string, number> | undefined {
  const spans = fieldValueSpans(content);
  return spans ? certaintyOf(content, tokens, [spans])?.[0] : undefined;
}
