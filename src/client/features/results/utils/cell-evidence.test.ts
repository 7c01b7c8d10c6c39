import { describe, expect, it } from 'vitest';
import type { CellReview } from '../../../../shared/extraction';
import { cellProvenance, foundText } from './cell-evidence';
import { cellKey, tableReview } from './table-review';

const found = { start: 5, end: 9, page: null, match: 'exact' } as const;
const review = (evidence: CellReview['evidence'], flagged = false): CellReview => ({
  confidence: flagged ? 0.2 : 1,
  flagged,
  reasons: [],
  edited: false,
  evidence,
});

describe('cellProvenance', () => {
  it('knows nothing without a review, for a blank value or a value the user wrote', () => {
    expect(cellProvenance(null, 'x')).toEqual({ kind: 'none' });
    expect(cellProvenance(review(null), null)).toEqual({ kind: 'none' });
    expect(cellProvenance(review(null), '')).toEqual({ kind: 'none' });
    expect(cellProvenance({ ...review(found), edited: true }, 'x')).toEqual({ kind: 'none' });
  });

  it('tells found from not found, and waits for a document still loading', () => {
    expect(cellProvenance(review(found), 'x')).toEqual({ kind: 'found', evidence: found });
    expect(cellProvenance(review(null), 0)).toEqual({ kind: 'not-found' });
    expect(cellProvenance(review(null), false)).toEqual({ kind: 'not-found' });
    expect(cellProvenance('pending', 'x')).toEqual({ kind: 'pending' });
  });
});

describe('foundText', () => {
  const documents = [
    {
      documentId: 'd',
      name: null,
      fileType: 'text' as const,
      detail: { cells: [{ amount: review(found) }], sourceText: 'Rent 9.50 paid' },
    },
  ];
  const origins = [{ document: 0, row: 0 }];

  it('is the source text the value was found in', () => {
    const table = tableReview([{ amount: 9.5 }], origins, documents, new Map());
    expect(foundText(table, 0, 'amount')).toBe('9.50');
  });

  it('is unknown once the user corrected the value', () => {
    const corrections = new Map([
      [
        cellKey({ documentId: 'd', row: 0, column: 'amount' }),
        { kind: 'corrected' as const, value: 12, extracted: 9.5, id: null },
      ],
    ]);
    const table = tableReview([{ amount: 9.5 }], origins, documents, corrections);
    expect(foundText(table, 0, 'amount')).toBeNull();
  });
});
