import { describe, expect, it } from 'vitest';
import type { TokenLogprob } from '../../llm/model-client';
import { fieldCertainty, rowValueSpans, valueCertainty } from './value-certainty';

/** The answer cut into tokens of `size` characters, each with logprob `at(token)`. */
function tokens(content: string, at: (token: string) => number, size = 3): TokenLogprob[] {
  const pieces = content.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g')) ?? [];
  return pieces.map((token) => ({ token, logprob: at(token) }));
}

describe('rowValueSpans', () => {
  it('finds where each value of each complete row stands, strings without their quotes', () => {
    const text =
      '{"data": [{"a": "x, \\"y\\"", "b": 12.5, "c": null}, {"a": "z", "b": [1, 2]}, {"a": "cut';
    const rows = rowValueSpans(text);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.map(({ key, start, end }) => [key, text.slice(start, end)])).toEqual([
      ['a', 'x, \\"y\\"'],
      ['b', '12.5'],
      ['c', 'null'],
    ]);
    expect(rows[1]?.map(({ key, start, end }) => [key, text.slice(start, end)])).toEqual([
      ['a', 'z'],
      ['b', '[1, 2]'],
    ]);
  });
});

describe('valueCertainty', () => {
  it('gives each value the probability of its least sure token', () => {
    const content = '{"data":[{"amount":"4.50","date":"2024-03-01"}]}';
    const unsure = (token: string) => (token.includes('5') ? Math.log(0.25) : -0.001);
    const [row] = valueCertainty(content, tokens(content, unsure));
    expect(row?.amount).toBeCloseTo(0.25, 3);
    expect(row?.date).toBeCloseTo(0.999, 3);
  });

  it('knows nothing without tokens, or when they do not spell the answer', () => {
    const content = '{"data":[{"a":"1"}]}';
    expect(valueCertainty(content, undefined)).toEqual([]);
    expect(valueCertainty(content, [{ token: '{"data"', logprob: 0 }])).toEqual([]);
  });
});

describe('fieldCertainty', () => {
  it('gives each field the probability of its least sure token, and rows theirs after them', () => {
    const content = '{"fields": {"total": "[9.50]", "date": "2026"}, "data": [{"a": "QQQ"}]}';
    const sure = (token: string) => (token.includes('9') || token.includes('Q') ? -1 : -0.001);
    const fields = fieldCertainty(content, tokens(content, sure, 1));
    expect(fields?.total).toBeCloseTo(Math.exp(-1), 3);
    expect(fields?.date).toBeCloseTo(0.999, 3);
    expect(valueCertainty(content, tokens(content, sure, 1))[0]?.a).toBeCloseTo(Math.exp(-1), 3);
  });

  it('knows nothing without fields or tokens that spell the answer', () => {
    expect(
      fieldCertainty(
        '{"data": []}',
        tokens('{"data": []}', () => 0),
      ),
    ).toBeUndefined();
    expect(fieldCertainty('{"fields": {"a": "1"}}', undefined)).toBeUndefined();
  });
});
