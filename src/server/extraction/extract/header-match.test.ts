import { describe, expect, it } from 'vitest';
import {
  MATCH_THRESHOLD,
  matchHeaders,
  normalizeHeader,
  scoreHeader,
  singular,
} from './header-match';

describe('header matching', () => {
  it('normalises case, punctuation, accents, camelCase, units and plurals', () => {
    expect(normalizeHeader('  Unit_Price (EUR) ')).toBe('unit price');
    expect(normalizeHeader('invoiceNumber')).toBe('invoice number');
    expect(normalizeHeader('Catégories')).toBe('category');
    expect(normalizeHeader('Invoice No.')).toBe('invoice number');
    expect(['amounts', 'prices', 'boxes', 'status', 'address', 'qty'].map(singular)).toEqual([
      'amount',
      'price',
      'box',
      'status',
      'address',
      'qty',
    ]);
  });

  it('leaves out footnote marks and bracketed units or scales, but keeps other brackets', () => {
    expect(normalizeHeader('Amount (EUR)¹')).toBe('amount');
    expect(normalizeHeader("Cost (€ '000)")).toBe('cost');
    expect(normalizeHeader('Revenue (in thousands)*')).toBe('revenue');
    expect(normalizeHeader('Total [2]')).toBe('total');
    expect(normalizeHeader('Revenue (2023)')).toBe('revenue 2023');
  });

  it('ranks exact over synonym over shared words, and rejects a weak overlap', () => {
    expect(scoreHeader('amount', 'Amounts')).toBe(1);
    expect(scoreHeader('email', 'E-mail')).toBe(1);
    expect(scoreHeader('description', 'Details')).toBe(0.9);
    expect(scoreHeader('details', 'Description')).toBe(0.9);
    const tokens = scoreHeader('date', 'Booking Date');
    expect(tokens).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(tokens).toBeLessThan(0.9);
    expect(scoreHeader('due_date', 'Date')).toBeLessThan(MATCH_THRESHOLD);
    expect(scoreHeader('total', 'Subtotal (net)')).toBeLessThan(MATCH_THRESHOLD);
  });

  it('matches a heading that differs only in case, spacing, punctuation or a bracketed unit', () => {
    expect(scoreHeader('domestic(%)', 'Domestic (%)')).toBe(1);
    expect(scoreHeader('Population, total', 'population total (thousands)')).toBe(1);
    expect(scoreHeader('unit price', 'UNIT-PRICE [EUR]')).toBe(1);
  });

  it('takes a heading that is the column name plus qualifiers, the fewer the better', () => {
    const plain = scoreHeader('Male number', 'Male Number');
    const qualified = scoreHeader('Male number', 'Estimates 2024 Male Number');
    const more = scoreHeader('Male number', 'Estimates 2024 by age group Male Number');
    expect(qualified).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(more).toBeGreaterThanOrEqual(MATCH_THRESHOLD);
    expect(plain).toBeGreaterThan(qualified);
    expect(qualified).toBeGreaterThan(more);
    expect(scoreHeader('heading', 'Heading of the financial framework')).toBeGreaterThanOrEqual(
      MATCH_THRESHOLD,
    );
  });

  it('tells headings apart by their unit when the unit is asked for', () => {
    const headers = ['Subject', 'Male Number', 'Male Percent', 'Female Number', 'Female Percent'];
    const matches = matchHeaders(['subject', 'female (percent)', 'male number'], headers);
    expect(matches.map((match) => [match.column, headers[match.index]])).toEqual([
      ['subject', 'Subject'],
      ['female (percent)', 'Female Percent'],
      ['male number', 'Male Number'],
    ]);
  });

  it('uses each header once, best score first', () => {
    const matches = matchHeaders(
      ['date', 'due_date', 'total'],
      ['Invoice date', 'Due date', 'Total', 'Date'],
    );
    expect(matches.map((match) => [match.column, match.index])).toEqual([
      ['date', 3],
      ['due_date', 1],
      ['total', 2],
    ]);
  });
});
