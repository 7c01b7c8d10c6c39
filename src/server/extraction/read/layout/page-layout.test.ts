import { describe, expect, it } from 'vitest';
import {
  layoutLines as layoutPage,
  page,
  pieceWords,
} from '../../../../../tests/support/layout-pages';
import { findRunningLines } from '../formats/pdf/pdf-layout';
import { groupLines, phrases } from './lines';

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

describe('lists', () => {
  it('reads marks set apart from their text as a list, a wrapped item as one item', () => {
    const lines = page([
      [100, [[50, 'Before signing, check that:']]],
      [
        114,
        [
          [50, '•'],
          [70, 'the delivery address is complete,'],
        ],
      ],
      [
        128,
        [
          [50, '•'],
          [70, 'every item has a quantity and a price'],
        ],
      ],
      [140, [[70, 'in euros, and']]],
      [
        154,
        [
          [50, '•'],
          [70, 'the order carries a purchase number.'],
        ],
      ],
    ]);

    expect(layoutPage(lines, 1, new Set())).toEqual([
      { kind: 'paragraph', text: 'Before signing, check that:', page: 1 },
      {
        kind: 'list',
        isOrdered: false,
        page: 1,
        items: [
          'the delivery address is complete,',
          'every item has a quantity and a price in euros, and',
          'the order carries a purchase number.',
        ],
      },
    ]);
  });
});

describe('groupLines', () => {
  it('puts pieces on one baseline together, in reading order, with spaces between words', () => {
    const lines = groupLines([
      ...pieceWords(80, 100.5, 'world', 10),
      ...pieceWords(50, 100, 'Hello', 10),
      ...pieceWords(50, 114, 'Next line', 10),
      ...pieceWords(300, 114, 'far away', 10),
    ]);

    expect(lines.map((line) => phrases(line).map((phrase) => phrase.text))).toEqual([
      ['Hello world'],
      ['Next line', 'far away'],
    ]);
  });
});
