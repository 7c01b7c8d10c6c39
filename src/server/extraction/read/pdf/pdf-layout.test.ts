import { describe, expect, it } from 'vitest';
import { findRunningLines, layoutPage } from './pdf-layout';
import { toLines } from './pdf-lines';
import type { PdfFragment, PdfLine } from './pdf-lines';

/** Text placed the way a PDF places it: [x, text] pieces on a baseline, 5 units per character. */
function page(rows: [y: number, pieces: [x: number, text: string][], size?: number][]): PdfLine[] {
  const fragments: PdfFragment[] = rows.flatMap(([y, pieces, size = 10]) =>
    pieces.map(([x, text]) => ({ text, x0: x, x1: x + text.length * 5, y, size })),
  );
  return toLines(fragments);
}

describe('layoutPage', () => {
  it('keeps a table header row that repeats on every page, and the running line only once', () => {
    const pages = [1, 2, 3].map((n) =>
      page([
        [40, [[50, 'Harbour Freight — Manifest']], 9],
        [
          100,
          [
            [50, 'Crate'],
            [200, 'Contents'],
            [400, 'Weight'],
          ],
        ],
        [
          118,
          [
            [50, `C-${n}01`],
            [200, 'Bolts'],
            [400, '12 kg'],
          ],
        ],
        [
          136,
          [
            [50, `C-${n}02`],
            [200, 'Nuts'],
            [400, '8 kg'],
          ],
        ],
        [800, [[280, `${n}`]], 9],
      ]),
    );
    const running = findRunningLines(pages);

    const blocks = pages.flatMap((lines, i) => layoutPage(lines, i + 1, running));

    expect(blocks.map((block) => [block.kind, block.page])).toEqual([
      ['paragraph', 1],
      ['table', 1],
      ['table', 2],
      ['table', 3],
    ]);
    expect(blocks[2]).toEqual({
      kind: 'table',
      page: 2,
      table: {
        source: 'pdf',
        header: ['Crate', 'Contents', 'Weight'],
        rows: [
          ['C-201', 'Bolts', '12 kg'],
          ['C-202', 'Nuts', '8 kg'],
        ],
      },
    });
  });

  it('joins a wrapped cell to its row', () => {
    const lines = page([
      [
        100,
        [
          [50, 'Item'],
          [300, 'Qty'],
        ],
      ],
      [
        120,
        [
          [50, 'Walnut bookcase,'],
          [300, '1'],
        ],
      ],
      [131, [[50, 'five shelves']]],
      [
        140,
        [
          [50, 'Reading lamp'],
          [300, '2'],
        ],
      ],
    ]);

    const [block] = layoutPage(lines, 1, new Set());

    expect(block).toMatchObject({
      kind: 'table',
      table: {
        header: ['Item', 'Qty'],
        rows: [
          ['Walnut bookcase, five shelves', '1'],
          ['Reading lamp', '2'],
        ],
      },
    });
  });

  it('reads side-by-side text columns one after the other, not as a table', () => {
    const lines = page([
      [
        100,
        [
          [50, 'The harbour opened in 1872 and'],
          [320, 'Today the port handles grain,'],
        ],
      ],
      [
        112,
        [
          [50, 'grew quickly once the railway'],
          [320, 'timber and some four hundred'],
        ],
      ],
      [
        124,
        [
          [50, 'reached the eastern quays.'],
          [320, 'cruise calls every summer.'],
        ],
      ],
    ]);

    const blocks = layoutPage(lines, 1, new Set());

    expect(blocks).toEqual([
      {
        kind: 'paragraph',
        page: 1,
        text: 'The harbour opened in 1872 and\ngrew quickly once the railway\nreached the eastern quays.',
      },
      {
        kind: 'paragraph',
        page: 1,
        text: 'Today the port handles grain,\ntimber and some four hundred\ncruise calls every summer.',
      },
    ]);
  });

  it('makes headings of big lines and paragraphs of the rest', () => {
    const lines = page([
      [60, [[50, 'Quarterly report']], 20],
      [100, [[50, 'Sales rose in every region.']]],
      [112, [[50, 'Costs stayed flat.']]],
      [
        150,
        [
          [50, 'Order date: 2024-04-02'],
          [300, 'Reference: Q-118'],
        ],
      ],
    ]);

    const blocks = layoutPage(lines, 3, new Set());

    expect(blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Quarterly report', page: 3 },
      { kind: 'paragraph', text: 'Sales rose in every region.\nCosts stayed flat.', page: 3 },
      { kind: 'paragraph', text: 'Order date: 2024-04-02 Reference: Q-118', page: 3 },
    ]);
  });
});

describe('toLines', () => {
  it('puts pieces on one baseline together, in reading order, with spaces between words', () => {
    const lines = toLines([
      { text: 'world', x0: 80, x1: 105, y: 100.5, size: 10 },
      { text: 'Hello', x0: 50, x1: 75, y: 100, size: 10 },
      { text: 'Next line', x0: 50, x1: 95, y: 114, size: 10 },
      { text: 'far away', x0: 300, x1: 340, y: 114, size: 10 },
    ]);

    expect(lines.map((line) => line.cells.map((cell) => cell.text))).toEqual([
      ['Hello world'],
      ['Next line', 'far away'],
    ]);
  });
});
