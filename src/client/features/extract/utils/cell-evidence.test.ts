import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../../shared/columns';
import { cellProvenance, countUnverified, type RowEvidence } from './cell-evidence';

const found = { start: 0, end: 3, page: null, match: 'exact' } as const;

describe('cellProvenance', () => {
  it('knows nothing without evidence or for a blank value', () => {
    expect(cellProvenance('x', undefined, 'a')).toEqual({ kind: 'none' });
    expect(cellProvenance(null, { a: null }, 'a')).toEqual({ kind: 'none' });
    expect(cellProvenance('', { a: null }, 'a')).toEqual({ kind: 'none' });
    expect(cellProvenance('x', {}, 'a')).toEqual({ kind: 'none' });
  });

  it('tells found from not found', () => {
    expect(cellProvenance('x', { a: found }, 'a')).toEqual({ kind: 'found', evidence: found });
    expect(cellProvenance(0, { a: null }, 'a')).toEqual({ kind: 'not-found' });
    expect(cellProvenance(false, { a: null }, 'a')).toEqual({ kind: 'not-found' });
  });
});

describe('countUnverified', () => {
  const columns: ColumnDefinition[] = [
    { name: 'a', type: 'text' },
    { name: 'b', type: 'number' },
  ];
  const rows = [
    { a: 'one', b: 1 },
    { a: 'two', b: null },
    { a: 'three', b: 3 },
  ];
  const evidence: RowEvidence[] = [
    { a: found, b: null },
    { a: null, b: null },
    { a: found, b: found },
  ];

  it('counts non-blank values that were not found', () => {
    expect(countUnverified(columns, rows, evidence)).toBe(2);
    expect(countUnverified(columns, rows, undefined)).toBe(0);
  });
});
