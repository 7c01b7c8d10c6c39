import { describe, expect, it } from 'vitest';
import { ruleSummary } from './rule-summary';

describe('ruleSummary', () => {
  it('says each kind of rule in a few words, names as people read them', () => {
    expect(ruleSummary({ type: 'sum', column: 'amount', field: 'sub_total' })).toBe(
      'amount adds up to sub total',
    );
    expect(ruleSummary({ type: 'formula', expression: 'subtotal + tax = total' })).toBe(
      'subtotal + tax = total',
    );
    expect(ruleSummary({ type: 'required', name: 'invoice_number' })).toBe(
      'invoice number is required',
    );
    expect(ruleSummary({ type: 'range', name: 'total', min: 0 })).toBe('total is at least 0');
    expect(ruleSummary({ type: 'range', name: 'date', min: '2020-01-01', max: '2030-12-31' })).toBe(
      'date is from 2020-01-01 to 2030-12-31',
    );
    expect(ruleSummary({ type: 'unique', column: 'sku' })).toBe('each sku appears once');
  });
});
