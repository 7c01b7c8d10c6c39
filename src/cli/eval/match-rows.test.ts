import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { agreement, matchRows, type KeyedRow } from './match-rows';

const rows = (...lines: string[]): KeyedRow[] => lines.map((line) => line.split('|'));

describe('matchRows', () => {
  it('pairs identical tables row by row', () => {
    const table = rows('2026-01-02|coffee|-3.2', '2026-01-03|salary|2000', '2026-01-04|train|-12');
    expect(matchRows(table, table)).toEqual({
      pairs: [0, 1, 2].map((row) => ({ reference: row, extracted: row })),
      missing: [],
      extra: [],
    });
  });

  it('finds a missing row and an extra one, and keeps the rest paired around them', () => {
    const reference = rows('a|1|x', 'b|2|y', 'c|3|z', 'd|4|w');
    const extracted = rows('a|1|x', 'c|3|z', 'total|10|', 'd|4|w');
    expect(matchRows(extracted, reference)).toEqual({
      pairs: [
        { reference: 0, extracted: 0 },
        { reference: 2, extracted: 1 },
        { reference: 3, extracted: 3 },
      ],
      missing: [1],
      extra: [2],
    });
  });

  it('pairs a row with one wrong cell to its reference row, not by position', () => {
    const reference = rows('2026-01-02|coffee|-3.2', '2026-01-03|salary|2000');
    // The first row was missed; the second came out with a wrong amount.
    const extracted = rows('2026-01-03|salary|2001');
    expect(matchRows(extracted, reference)).toEqual({
      pairs: [{ reference: 1, extracted: 0 }],
      missing: [0],
      extra: [],
    });
  });

  it('pairs rows of a table sorted otherwise than the reference', () => {
    const reference = rows('a|1|x', 'b|2|y', 'c|3|z');
    const extracted = rows('c|3|z', 'b|2|y', 'a|1|x');
    const { pairs, missing, extra } = matchRows(extracted, reference);
    expect(pairs).toEqual([
      { reference: 0, extracted: 2 },
      { reference: 1, extracted: 1 },
      { reference: 2, extracted: 0 },
    ]);
    expect([missing, extra]).toEqual([[], []]);
  });

  it('does not call two rows one when fewer than half their cells agree', () => {
    expect(agreement(['2026-01-02', 'coffee', '-3.2'], ['2026-01-02', 'rent', '-900'])).toBe(0);
    expect(agreement(['2026-01-02', 'coffee', '-3.2'], ['2026-01-02', 'coffee', '-4'])).toBe(2);
    expect(matchRows(rows('2026-01-02|coffee|-3.2'), rows('2026-01-02|rent|-900'))).toEqual({
      pairs: [],
      missing: [0],
      extra: [0],
    });
  });

  it('pairs every row once, and accounts for every row of both tables', () => {
    const cell = fc.constantFrom('a', 'b', 'c', '');
    const table = fc.array(fc.array(cell, { minLength: 3, maxLength: 3 }), { maxLength: 12 });
    fc.assert(
      fc.property(table, table, (extracted, reference) => {
        const { pairs, missing, extra } = matchRows(extracted, reference);
        const references = pairs.map((pair) => pair.reference);
        const extracteds = pairs.map((pair) => pair.extracted);
        expect(new Set(references).size).toBe(pairs.length);
        expect(new Set(extracteds).size).toBe(pairs.length);
        expect(pairs.length + missing.length).toBe(reference.length);
        expect(pairs.length + extra.length).toBe(extracted.length);
        for (const pair of pairs)
          expect(agreement(extracted[pair.extracted]!, reference[pair.reference]!)).toBeGreaterThan(
            0,
          );
      }),
    );
  });
});
