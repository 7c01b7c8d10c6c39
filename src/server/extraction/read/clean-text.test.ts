import { describe, expect, it } from 'vitest';
import { cleanText, dropRunningLines } from './clean-text';

describe('cleanText', () => {
  it('removes control and invisible characters and normalises whitespace, keeping the words', () => {
    expect(cleanText('Total:\u0007  12.50\u00A0EUR\u200B\r\n\r\n\r\n\r\nPaid\tin full  ')).toBe(
      'Total: 12.50 EUR\n\nPaid in full',
    );
  });
});

describe('dropRunningLines', () => {
  it('keeps a running header once, drops page numbers, and keeps every data line', () => {
    const pages = [1, 2, 3, 4].map((n) => [
      'Acme Bank — Statement',
      `Row ${n}a`,
      `Row ${n}b`,
      `Page ${n} of 4`,
    ]);
    expect(dropRunningLines(pages)).toEqual([
      ['Acme Bank — Statement', 'Row 1a', 'Row 1b'],
      ...[2, 3, 4].map((n) => [`Row ${n}a`, `Row ${n}b`]),
    ]);
  });

  it('keeps a table header repeated on every page once, with its table', () => {
    const pages = [1, 2, 3].map((n) => ['Date Amount', `2026-01-0${n} ${n}.00`, `- ${n} -`]);
    expect(dropRunningLines(pages)).toEqual([
      ['Date Amount', '2026-01-01 1.00'],
      ['2026-01-02 2.00'],
      ['2026-01-03 3.00'],
    ]);
  });

  it('keeps everything when there are too few pages to tell', () => {
    const pages = [
      ['Header', 'a'],
      ['Header', 'b'],
    ];
    expect(dropRunningLines(pages)).toEqual(pages);
  });
});
