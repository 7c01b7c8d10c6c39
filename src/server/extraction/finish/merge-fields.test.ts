import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import type { CellEvidence, CellValue } from '../../../shared/extraction';
import { mergeFieldAnswers } from './merge-fields';

const fields: ColumnDefinition[] = [
  { name: 'invoice_number', type: 'text' },
  { name: 'total', type: 'number' },
];

/** A source in which some values stand (found) and others do not. */
function locateIn(source: string) {
  return (_field: ColumnDefinition, value: CellValue): CellEvidence => {
    const at = source.indexOf(String(value));
    return at < 0
      ? null
      : { start: at, end: at + String(value).length, page: null, match: 'exact' };
  };
}

describe('mergeFieldAnswers', () => {
  it('takes the value found in the source over an earlier one that is not', () => {
    const merged = mergeFieldAnswers({
      fields,
      answers: [
        { values: { invoice_number: 'INV-9', total: null } },
        { values: { invoice_number: 'INV-2041', total: '116.60' } },
      ],
      locate: locateIn('Invoice INV-2041 … Total 116.6'),
    });
    expect(merged.get('invoice_number')).toMatchObject({ value: 'INV-2041', conflict: null });
    expect(merged.get('total')).toMatchObject({ value: 116.6, raw: '116.60', conflict: null });
  });

  it('keeps the first of two different values found in the source and names the other', () => {
    const merged = mergeFieldAnswers({
      fields,
      answers: [
        { values: { invoice_number: 'INV-2041', total: '106.00' } },
        { values: { invoice_number: 'INV-2041', total: '116.60' } },
      ],
      locate: locateIn('INV-2041 Subtotal 106 Total 116.6'),
    });
    expect(merged.get('total')).toMatchObject({ value: 106, conflict: 116.6 });
    expect(merged.get('invoice_number')?.conflict).toBeNull();
  });

  it('takes the first value given when none is found, and null when no part gives one', () => {
    const merged = mergeFieldAnswers({
      fields,
      answers: [{ values: { invoice_number: 'A-1' } }, { values: { invoice_number: 'A-2' } }],
      locate: locateIn(''),
    });
    expect(merged.get('invoice_number')).toMatchObject({
      value: 'A-1',
      evidence: null,
      conflict: null,
    });
    expect(merged.get('total')).toEqual({
      value: null,
      raw: undefined,
      evidence: null,
      conflict: null,
    });
  });

  it('keeps the model’s certainty of the value it takes, and reads keys as columns are read', () => {
    const merged = mergeFieldAnswers({
      fields,
      answers: [{ values: { 'Invoice Number': 'INV-2041' }, certainty: { 'Invoice Number': 0.4 } }],
      locate: locateIn('INV-2041'),
    });
    expect(merged.get('invoice_number')).toMatchObject({ value: 'INV-2041', certainty: 0.4 });
  });

  it('does not call the same text written differently a conflict', () => {
    const merged = mergeFieldAnswers({
      fields,
      answers: [
        { values: { invoice_number: 'inv-2041' } },
        { values: { invoice_number: 'INV-2041 ' } },
      ],
      locate: () => ({ start: 0, end: 1, page: null, match: 'normalized' }),
    });
    expect(merged.get('invoice_number')).toMatchObject({ value: 'inv-2041', conflict: null });
  });
});
