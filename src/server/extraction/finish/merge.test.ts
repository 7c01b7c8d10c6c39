import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractedRow } from '../../../shared/extraction';
import { mergeRows, rowKey } from './merge';

describe('rowKey', () => {
  it('ignores key order, the case and surrounding space of text, and blank cells', () => {
    const key = rowKey({ item: 'Pens', total: 4, paid: true });
    expect(rowKey({ paid: true, total: 4, item: '  pens ' })).toBe(key);
    expect(rowKey({ item: 'Pens', total: 4, paid: true, note: null, memo: '  ' })).toBe(key);
  });

  it('tells values of different types and different values apart', () => {
    expect(rowKey({ item: 'Pens', total: 4 })).not.toBe(rowKey({ item: 'Pens', total: '4' }));
    expect(rowKey({ item: 'Pens', total: 4 })).not.toBe(rowKey({ item: 'Pens', total: 5 }));
    expect(rowKey({ item: 'Pens', total: 4 })).not.toBe(rowKey({ item: 'Pens', amount: 4 }));
    expect(rowKey({ item: 'A B' })).not.toBe(rowKey({ item: 'AB' }));
  });

  it('looks only at the given columns when there are columns', () => {
    const columns: ColumnDefinition[] = [{ name: 'item', type: 'text' }];
    expect(rowKey({ item: 'Pens', extra: 1 }, columns)).toBe(rowKey({ item: 'pens' }));
  });
});

describe('mergeRows', () => {
  it('keeps chunk order and the first of each repeated row', () => {
    const merged = mergeRows([
      [
        { date: '2025-01-01', amount: 5, note: 'Coffee' },
        { date: '2025-01-02', amount: 7 },
      ],
      [
        { amount: 5, date: '2025-01-01', note: 'coffee ' },
        { date: '2025-01-03', amount: 1 },
      ],
      [],
    ]);
    expect(merged).toEqual([
      { date: '2025-01-01', amount: 5, note: 'Coffee' },
      { date: '2025-01-02', amount: 7 },
      { date: '2025-01-03', amount: 1 },
    ]);
  });

  it('keeps rows that differ in any one column', () => {
    const rows: ExtractedRow[] = [{ a: 'x', b: 1 }, { a: 'x', b: 2 }, { a: 'x' }];
    expect(mergeRows([rows])).toEqual(rows);
  });
});

const CELL = fc.oneof(
  fc.constantFrom('Pens', 'pens', ' PENS ', 'Ink', '', '  '),
  fc.integer({ min: -2, max: 2 }),
  fc.constantFrom(0, -0, 1.5),
  fc.boolean(),
  fc.constant(null),
);
const ROW = fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd'), CELL) as fc.Arbitrary<ExtractedRow>;
const CHUNKS = fc.array(fc.array(ROW, { maxLength: 8 }), { maxLength: 5 });

describe('mergeRows properties', () => {
  it('leaves no two equal rows and keeps an equal row for every input row', () => {
    fc.assert(
      fc.property(CHUNKS, (chunks) => {
        const merged = mergeRows(chunks);
        const keys = merged.map((row) => rowKey(row));
        expect(new Set(keys).size).toBe(keys.length);
        for (const row of chunks.flat()) expect(keys).toContain(rowKey(row));
      }),
    );
  });

  it('keeps first occurrences, in document order', () => {
    fc.assert(
      fc.property(CHUNKS, (chunks) => {
        const rows = chunks.flat();
        const firsts = rows.filter(
          (row, index) => rows.findIndex((other) => rowKey(other) === rowKey(row)) === index,
        );
        const merged = mergeRows(chunks);
        expect(merged).toHaveLength(firsts.length);
        merged.forEach((row, index) => expect(row).toBe(firsts[index]));
      }),
    );
  });

  it('is idempotent and does not care how rows are split into chunks', () => {
    fc.assert(
      fc.property(CHUNKS, (chunks) => {
        const merged = mergeRows(chunks);
        expect(mergeRows([merged])).toEqual(merged);
        expect(mergeRows([chunks.flat()])).toEqual(merged);
        expect(mergeRows([...chunks, merged])).toEqual(merged);
      }),
    );
  });
});
