import { describe, expect, it } from 'vitest';
import { evidencePassage } from './evidence-passage';

describe('evidencePassage', () => {
  it('returns the whole text around a value in a short source', () => {
    const source = 'Total due: 42.50 EUR';
    expect(evidencePassage(source, { start: 11, end: 16 })).toEqual({
      before: 'Total due: ',
      match: '42.50',
      after: ' EUR',
      clippedStart: false,
      clippedEnd: false,
    });
  });

  it('keeps about the context on each side and cuts at whitespace, never inside a word', () => {
    const words = Array.from({ length: 200 }, (_, index) => `word${index}`).join(' ');
    const start = words.indexOf('word100');
    const passage = evidencePassage(words, { start, end: start + 'word100'.length }, 30);
    expect(passage?.match).toBe('word100');
    expect(passage?.clippedStart).toBe(true);
    expect(passage?.clippedEnd).toBe(true);
    expect(passage?.before).toMatch(/^word\d+ .* $/);
    expect(passage?.after).toMatch(/^ .* word\d+$/);
    expect(passage!.before.length).toBeLessThanOrEqual(30);
    expect(passage!.after.length).toBeLessThanOrEqual(30);
    expect(words).toContain(`${passage!.before}word100${passage!.after}`);
  });

  it('keeps a long word rather than showing nothing', () => {
    const source = `${'x'.repeat(300)}VALUE${'y'.repeat(300)}`;
    const passage = evidencePassage(source, { start: 300, end: 305 }, 20);
    expect(passage?.before).toBe('x'.repeat(20));
    expect(passage?.after).toBe('y'.repeat(20));
  });

  it('refuses a span outside the source', () => {
    expect(evidencePassage('short', { start: 2, end: 50 })).toBeNull();
    expect(evidencePassage('short', { start: -1, end: 2 })).toBeNull();
    expect(evidencePassage('short', { start: 3, end: 3 })).toBeNull();
  });
});
