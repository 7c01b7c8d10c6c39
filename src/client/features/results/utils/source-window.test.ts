import { describe, expect, it } from 'vitest';
import { sourceWindow, type SourceMark } from './source-window';

const TEXT = [
  'Acme Bank, January statement',
  '',
  '| Date | Description | Amount |',
  '| --- | --- | --- |',
  '| 2026-01-01 | Green Grocer | -12.99 |',
  '| 2026-01-02 | Book Nook | -35.00 |',
  '| 2026-01-03 | Cinema Royal | -4.50 |',
  '| 2026-01-04 | Corner Cafe | -9.99 |',
].join('\n');

const span = (needle: string, kind: SourceMark['kind'], from = 0): SourceMark => {
  const start = TEXT.indexOf(needle, from);
  return { start, end: start + needle.length, kind };
};

describe('sourceWindow', () => {
  it('shows the lines around the value, its span highlighted and its row outlined', () => {
    const window = sourceWindow(
      TEXT,
      [span('-35.00', 'value'), span('2026-01-02', 'row'), span('Book Nook', 'row')],
      { contextLines: 1, maxCharacters: 1200 },
    );
    expect(window?.clippedStart).toBe(true);
    expect(window?.clippedEnd).toBe(true);
    expect(window?.pieces).toEqual([
      { text: '| 2026-01-01 | Green Grocer | -12.99 |\n| ', kind: null },
      { text: '2026-01-02', kind: 'row' },
      { text: ' | ', kind: null },
      { text: 'Book Nook', kind: 'row' },
      { text: ' | ', kind: null },
      { text: '-35.00', kind: 'value' },
      { text: ' |\n| 2026-01-03 | Cinema Royal | -4.50 |', kind: null },
    ]);
  });

  it('shows a row whose value was found elsewhere: both places', () => {
    const window = sourceWindow(TEXT, [span('-4.50', 'value'), span('Corner Cafe', 'row')], {
      contextLines: 0,
      maxCharacters: 1200,
    });
    const marked = window?.pieces.filter((piece) => piece.kind !== null);
    expect(marked).toEqual([
      { text: '-4.50', kind: 'value' },
      { text: 'Corner Cafe', kind: 'row' },
    ]);
    expect(window?.pieces.map((piece) => piece.text).join('')).toBe(
      '| 2026-01-03 | Cinema Royal | -4.50 |\n| 2026-01-04 | Corner Cafe | -9.99 |',
    );
  });

  it('leaves out marks too far away, and cuts very long lines around the value', () => {
    const long = `${'x'.repeat(5000)} needle ${'y'.repeat(5000)}`;
    const start = long.indexOf('needle');
    const window = sourceWindow(
      long,
      [
        { start, end: start + 6, kind: 'value' },
        { start: 0, end: 1, kind: 'row' },
      ],
      { contextLines: 2, maxCharacters: 100 },
    );
    const text = window?.pieces.map((piece) => piece.text).join('') ?? '';
    expect(text.length).toBeLessThanOrEqual(100);
    expect(window?.pieces.find((piece) => piece.kind === 'value')?.text).toBe('needle');
    expect(window?.pieces.some((piece) => piece.kind === 'row')).toBe(false);
  });

  it('is null when no mark lies in the text', () => {
    expect(sourceWindow(TEXT, [])).toBeNull();
    expect(sourceWindow(TEXT, [{ start: 9000, end: 9001, kind: 'value' }])).toBeNull();
  });
});
