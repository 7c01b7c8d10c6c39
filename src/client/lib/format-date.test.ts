import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date';

describe('formatDateTime', () => {
  it('gives a date and time in the reader’s language, or the text when it is no date', () => {
    expect(formatDateTime('2026-03-12T14:05:00.000Z', 'en-GB')).toMatch(/12 Mar 2026/);
    expect(formatDateTime('not a date')).toBe('not a date');
  });
});
