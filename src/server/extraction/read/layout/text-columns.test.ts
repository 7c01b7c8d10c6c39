import { describe, expect, it } from 'vitest';
import { layoutLines, page, type PageRow } from '../../../../../tests/support/layout-pages';
import type { Block } from '../types';

const LEFT = [
  'The council approved a budget',
  'in September to account for',
  'additional grant funding that',
  'was received during the year.',
  'Invoices are payable within',
  'thirty days of their date.',
];
const RIGHT = [
  'The survey achieved a response',
  'rate of sixty one per cent, in',
  'line with the two waves before',
  'it. Estimates for the quarter',
  'are provisional and will be',
  'revised with the annual survey.',
];

/** Two columns of running text from `y`, the right one's baselines `shift` lower. */
function columns(y: number, shift: number): PageRow[] {
  return LEFT.flatMap((text, i): PageRow[] => [
    [y + i * 12, [[50, text]]],
    [y + i * 12 + shift, [[320, RIGHT[i]!]]],
  ]);
}

const texts = (blocks: Block[]) =>
  blocks.flatMap((block) => ('text' in block ? block.text.split('\n') : []));

describe('pages set in columns', () => {
  it('reads two columns of running text one after the other, though their lines alternate', () => {
    expect(texts(layoutLines(page(columns(100, 5))))).toEqual([...LEFT, ...RIGHT]);
  });

  it('reads them one after the other where their lines stand on the same baselines', () => {
    expect(texts(layoutLines(page(columns(100, 0))))).toEqual([...LEFT, ...RIGHT]);
  });

  it('reads a table across the page in its place, between the columns above and below it', () => {
    const table: PageRow[] = [
      [
        190,
        [
          [50, 'Programme'],
          [260, 'Participants'],
          [420, 'Cost'],
        ],
      ],
      [
        204,
        [
          [50, 'Early years'],
          [260, '1,821'],
          [420, '2,497'],
        ],
      ],
      [
        218,
        [
          [50, 'Healthy homes'],
          [260, '697'],
          [420, '1,484'],
        ],
      ],
    ];
    const blocks = layoutLines(page([...columns(100, 5), ...table, ...columns(250, 5)]));

    expect(blocks.map((block) => block.kind)).toEqual([
      'paragraph',
      'paragraph',
      'table',
      'paragraph',
      'paragraph',
    ]);
    expect(texts(blocks.slice(0, 2))).toEqual([...LEFT, ...RIGHT]);
    expect(blocks[2]).toMatchObject({
      table: {
        header: ['Programme', 'Participants', 'Cost'],
        rows: [
          ['Early years', '1,821', '2,497'],
          ['Healthy homes', '697', '1,484'],
        ],
      },
    });
  });

  it('reads a table set inside one column after the text above it, beside the other column', () => {
    const periods = ['Weekly', 'Biweekly', 'Monthly', 'Quarterly'];
    const right: PageRow[] = [
      [100, [[320, RIGHT[0]!]]],
      [112, [[320, RIGHT[1]!]]],
      [
        130,
        [
          [320, 'Period'],
          [460, 'Allowance'],
        ],
      ],
      ...periods.map((period, i): PageRow => [
        144 + i * 12,
        [
          [320, period],
          [460, `${71 * (i + 1)}.15`],
        ],
      ]),
      [206, [[320, RIGHT[2]!]]],
      [218, [[320, RIGHT[3]!]]],
    ];
    const left = LEFT.map((text, i): PageRow => [103 + i * 12, [[50, text]]]);

    const blocks = layoutLines(page([...left, ...right]));

    expect(blocks.map((block) => block.kind)).toEqual([
      'paragraph',
      'paragraph',
      'table',
      'paragraph',
    ]);
    expect(texts(blocks.slice(0, 1)).join(' ')).toBe(LEFT.join(' '));
    expect(blocks[2]).toMatchObject({
      table: {
        header: ['Period', 'Allowance'],
        rows: periods.map((p, i) => [p, `${71 * (i + 1)}.15`]),
      },
    });
  });

  it('keeps the short last line of a paragraph beside a table row in its own column', () => {
    const periods = ['Weekly', 'Biweekly', 'Monthly', 'Quarterly'];
    const left = [...LEFT.slice(0, 5), 'date.'].map((text, i): PageRow => [
      120 + i * 12,
      [[50, text]],
    ]);
    const right: PageRow[] = [
      [
        108,
        [
          [320, 'Period'],
          [460, 'Allowance'],
        ],
      ],
      ...periods.map((period, i): PageRow => [
        120 + i * 20,
        [
          [320, period],
          [460, `${i + 1}.15`],
        ],
      ]),
      ...RIGHT.map((text, i): PageRow => [220 + i * 12, [[320, text]]]),
    ];

    const blocks = layoutLines(page([...left, ...right]));

    expect(texts(blocks.slice(0, 1)).join(' ')).toBe([...LEFT.slice(0, 5), 'date.'].join(' '));
    expect(blocks[1]).toMatchObject({ kind: 'table', table: { header: ['Period', 'Allowance'] } });
  });

  it('keeps a table whose description column holds sentences as one table', () => {
    const rows: PageRow[] = [
      [
        100,
        [
          [50, 'Ref.'],
          [120, 'Description'],
          [420, 'Budget'],
        ],
      ],
      ...['CP-101', 'CP-104', 'CP-107', 'CP-110', 'CP-113'].map((ref, i): PageRow => [
        118 + i * 14,
        [
          [50, ref],
          [120, 'Replacement of the old embankment'],
          [420, `${i + 1},957,000`],
        ],
      ]),
    ];

    const [block, ...others] = layoutLines(page(rows));

    expect(others).toEqual([]);
    expect(block).toMatchObject({
      kind: 'table',
      table: { header: ['Ref.', 'Description', 'Budget'] },
    });
  });
});
