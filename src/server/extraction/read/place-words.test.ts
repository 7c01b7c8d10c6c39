import { describe, expect, it } from 'vitest';
import type { Segment } from '../../../shared/document';
import { placeWords, wordForm } from './place-words';
import type { PlacedWord } from './types';

/** Words of a line set at `y`, each 10 units high, starting at `x` with the given widths. */
function line(
  page: number,
  y: number,
  texts: [string, number][],
  confidence: number | null = null,
) {
  return texts.map(([text, x]): PlacedWord => ({
    page,
    text,
    x0: x,
    y0: y,
    x1: x + text.length * 5,
    y1: y + 10,
    confidence,
  }));
}

const textOf = (markdown: string, word: { start: number; end: number }) =>
  markdown.slice(word.start, word.end);

describe('placeWords', () => {
  it('places each word of a table row on its page, in the order of the rows', () => {
    const words = [
      ...line(1, 100, [
        ['Date', 50],
        ['Amount', 200],
      ]),
      ...line(1, 120, [
        ['2024-03-01', 50],
        ['4.50', 200],
      ]),
      ...line(1, 140, [
        ['2024-03-02', 50],
        ['4.50', 200],
      ]),
    ];
    const markdown =
      '| Date | Amount |\n| --- | --- |\n| 2024-03-01 | 4.50 |\n| 2024-03-02 | 4.50 |';
    const segments: Segment[] = [{ kind: 'table', start: 0, end: markdown.length, page: 1 }];
    const layout = placeWords({
      markdown,
      segments,
      words: [...words].reverse(),
      pageSizes: [{ page: 1, width: 600, height: 800 }],
    });
    expect(layout.words.map((word) => [textOf(markdown, word), word.y])).toEqual([
      ['Date', 100],
      ['Amount', 100],
      ['2024-03-01', 120],
      ['4.50', 120],
      ['2024-03-02', 140],
      ['4.50', 140],
    ]);
    expect(layout.words[3]).toMatchObject({ page: 1, x: 200, width: 20, height: 10 });
  });

  it('places nothing of a header numbered for a table without one: it is not on the page', () => {
    // A receipt's totals: the "1" of "Column 1" took the box of "13.00", which then had none.
    const words = [
      ...line(1, 100, [
        ['SUB-TOTAL', 50],
        ['13.00', 200],
      ]),
      ...line(1, 120, [
        ['TOTAL', 50],
        ['13.80', 200],
      ]),
    ];
    const markdown =
      '| Column 1 | Column 2 |\n| --- | --- |\n| SUB-TOTAL | 13.00 |\n| TOTAL | 13.80 |';
    const layout = placeWords({
      markdown,
      segments: [{ kind: 'table', start: 0, end: markdown.length, page: 1 }],
      words,
      pageSizes: [{ page: 1, width: 600, height: 800 }],
    });
    expect(layout.words.map((word) => [textOf(markdown, word), word.y])).toEqual([
      ['SUB-TOTAL', 100],
      ['13.00', 100],
      ['TOTAL', 120],
      ['13.80', 120],
    ]);
  });

  it('joins page words that make one Markdown word, and keeps OCR confidence', () => {
    const words = line(
      1,
      10,
      [
        ['$1,234', 0],
        ['.50', 33],
        ['paid', 60],
      ],
      41,
    );
    const markdown = 'Total $1,234.50 paid';
    const segments: Segment[] = [{ kind: 'paragraph', start: 0, end: markdown.length, page: null }];
    const layout = placeWords({
      markdown,
      segments,
      words,
      pageSizes: [{ page: 1, width: 100, height: 40 }],
    });
    expect(layout.words.map((word) => textOf(markdown, word))).toEqual(['$1,234.50', 'paid']);
    expect(layout.words[0]).toMatchObject({ x: 0, width: 48, confidence: 41 });
    expect(layout.words[1]).toMatchObject({ x: 60, width: 20 });
    expect(layout.words[1]).toMatchObject({ x: 60, width: 20 });
  });

  it('follows a table carried on to the next page', () => {
    const words = [
      ...line(1, 700, [
        ['Rent', 50],
        ['950.00', 200],
      ]),
      ...line(2, 60, [
        ['Salary', 50],
        ['2,100.00', 200],
      ]),
    ];
    const markdown = '| Rent | 950.00 |\n| Salary | 2,100.00 |';
    const segments: Segment[] = [{ kind: 'table', start: 0, end: markdown.length, page: 1 }];
    const layout = placeWords({
      markdown,
      segments,
      words,
      pageSizes: [
        { page: 1, width: 600, height: 800 },
        { page: 2, width: 600, height: 800 },
      ],
    });
    expect(layout.words.map((word) => [textOf(markdown, word), word.page])).toEqual([
      ['Rent', 1],
      ['950.00', 1],
      ['Salary', 2],
      ['2,100.00', 2],
    ]);
  });

  it('compares letters and digits only', () => {
    expect(wordForm('“1 234,50”')).toBe('123450');
    expect(wordForm('ﬁle')).toBe('file');
    expect(wordForm('|')).toBe('');
    // Plain ASCII takes a shorter way to the same form.
    expect(wordForm('Rent-2026,$1,234.50!')).toBe('rent2026123450');
    expect(wordForm('Café')).toBe('café');
    expect(wordForm('ＲＥＮＴ')).toBe('rent');
  });
});
