import { describe, expect, it } from 'vitest';
import {
  layoutLines,
  page,
  pageWords,
  type PageRow,
} from '../../../../../tests/support/layout-pages';
import type { Block } from '../types';
import { groupLines, lineText } from './lines';

const tableOf = (blocks: Block[]) => blocks.find((block) => block.kind === 'table');

/** A row of a table with its columns at x = 50, 200, 300 and 400. */
const row = (y: number, cells: string[]): PageRow => [
  y,
  cells.flatMap((text, i) => (text ? [[[50, 200, 300, 400][i]!, text] as [number, string]] : [])),
];

describe('tables without ruling lines', () => {
  it('takes the first line of a heading that wraps, standing above the other headings', () => {
    const lines = page([
      [88, [[400, 'Cost per']]],
      row(100, ['Programme', 'Participants', 'Amount', 'completer']),
      row(118, ['Early years', '1,821', '2,497', '1,768']),
      row(136, ['Digital inclusion', '378', '647', '2,941']),
    ]);

    expect(tableOf(layoutLines(lines))).toMatchObject({
      table: {
        header: ['Programme', 'Participants', 'Amount', 'Cost per completer'],
        rows: [
          ['Early years', '1,821', '2,497', '1,768'],
          ['Digital inclusion', '378', '647', '2,941'],
        ],
      },
    });
  });

  it('keeps a wrapped heading set flush right over its own column, not over its neighbours', () => {
    // "Net" ends where "migration" ends: one heading on two lines, centred near Deaths..Households.
    const lines = page([
      [88, [[330, 'Net']]],
      [
        100,
        [
          [50, 'District'],
          [200, 'Deaths'],
          [300, 'migration'],
          [400, 'Households'],
        ],
      ],
      row(118, ['Ashford', '251', '97', '11,333']),
      row(136, ['Bramley', '1,834', '2,440', '87,660']),
    ]);

    expect(tableOf(layoutLines(lines))).toMatchObject({
      table: { header: ['District', 'Deaths', 'Net migration', 'Households'] },
    });
  });

  it('reads a cell that wraps over many lines as one cell of its row', () => {
    const lines = page([
      row(100, ['Ref.', 'Description', '', 'Budget']),
      row(118, ['CP-101', 'Replacement of the', '', '6,957,000']),
      [128, [[200, 'embankment along the']]],
      [138, [[200, 'western bank and a']]],
      [148, [[200, 'new pumping station.']]],
      row(166, ['CP-104', 'Roof renewal.', '', '6,816,000']),
    ]);

    expect(tableOf(layoutLines(lines))).toMatchObject({
      table: {
        header: ['Ref.', 'Description', 'Budget'],
        rows: [
          [
            'CP-101',
            'Replacement of the embankment along the western bank and a new pumping station.',
            '6,957,000',
          ],
          ['CP-104', 'Roof renewal.', '6,816,000'],
        ],
      },
    });
  });

  it('joins the lines of a last row below its figures, and leaves a note under the table out', () => {
    const lines = page([
      row(100, ['Ref.', 'Description', '', 'Budget']),
      row(118, ['CP-119', 'Depot consolidation.', '', '6,496,000']),
      row(136, ['CP-122', 'Fit out of a learning', '', '5,123,000']),
      [146, [[200, 'space with computers and']]],
      [156, [[200, 'assisted digital support.']]],
      [166, [[50, 'Source: Capital Programme Board.']]],
    ]);

    const blocks = layoutLines(lines);

    expect(tableOf(blocks)).toMatchObject({
      table: {
        rows: [
          ['CP-119', 'Depot consolidation.', '6,496,000'],
          [
            'CP-122',
            'Fit out of a learning space with computers and assisted digital support.',
            '5,123,000',
          ],
        ],
      },
    });
    expect(blocks.at(-1)).toMatchObject({ text: 'Source: Capital Programme Board.' });
  });

  it('joins a row label that wraps below the figures of its row', () => {
    const lines = page([
      row(100, ['Grade', 'Staff', '', 'Share']),
      row(120, ['Grade 6 and 7', '366', '', '51.4']),
      row(140, ['Senior and Higher Executive', '179', '', '42.7']),
      [150, [[50, 'Officer']]],
      row(170, ['Executive Officer', '248', '', '64.7']),
    ]);

    expect(tableOf(layoutLines(lines))).toMatchObject({
      table: {
        rows: [
          ['Grade 6 and 7', '366', '51.4'],
          ['Senior and Higher Executive Officer', '179', '42.7'],
          ['Executive Officer', '248', '64.7'],
        ],
      },
    });
  });

  it('reads a row whose wrapped cell stands above its other cells (set centred) as one row', () => {
    const form = (y: number, cells: string[]): PageRow => [
      y,
      cells.flatMap((text, i) =>
        text ? [[[50, 150, 320, 420][i]!, text] as [number, string]] : [],
      ),
    ];
    // Rows 17 apart; the address wraps, and the other cells of its row stand halfway down it.
    const lines = page([
      form(100, ['Permit', 'RW-24147', 'Status', 'Granted']),
      form(117, ['Applicant', 'Harbour Catering', 'Contact', 'Takahashi']),
      [134, [[150, '110 Church Street,']]],
      form(139.5, ['Location', '', 'Ward', 'Central']),
      [145, [[150, 'Eastwick HN22']]],
      form(162, ['Start', '22/04/2024', 'End', '03/05/2024']),
    ]);

    expect(tableOf(layoutLines(lines))).toMatchObject({
      table: {
        rows: expect.arrayContaining([
          ['Location', '110 Church Street, Eastwick HN22', 'Ward', 'Central'],
        ]) as unknown,
      },
    });
  });

  it('spans group headings over their columns, a year with a footnote mark among them', () => {
    // Headings in 12 units: the helper's spaces are then as narrow as a real font's.
    const lines = page([
      [
        86,
        [
          [220, 'Amount (EUR m)'],
          [375, 'Share of GDP (%)'],
        ],
        12,
      ],
      [
        100,
        [
          [245, '2022'],
          [402.5, '2023p'],
        ],
      ],
      [
        114,
        [
          [50, 'Function'],
          [200, 'Male'],
          [280, 'Female'],
          [360, 'Male'],
          [440, 'Female'],
        ],
      ],
      ...[132, 146, 160].map((y, i): PageRow => [
        y,
        [
          [50, ['Hospital', 'Long-term', 'Prevention'][i]!],
          [200, `${206 + i}.5`],
          [280, `${213 + i}.0`],
          [360, `0.8${i}`],
          [440, `0.9${i}`],
        ],
      ]),
    ]);

    expect(tableOf(layoutLines(lines))).toMatchObject({
      table: {
        header: [
          'Function',
          'Amount (EUR m) 2022 Male',
          'Amount (EUR m) 2022 Female',
          'Share of GDP (%) 2023p Male',
          'Share of GDP (%) 2023p Female',
        ],
      },
    });
  });

  it('joins the lines of a text cell set as far apart as its rows are', () => {
    const lines = page([
      row(100, ['Contract', 'Title', 'Supplier', 'Value']),
      row(112, ['C-2022-917', 'Grounds upkeep for', 'Quayside', '1,123,805']),
      [124, [[200, 'cemeteries']]],
      row(136, ['C-2024-843', 'Legal advice', 'Harbour', '2,252,218']),
      row(148, ['C-2024-239', 'Street lighting', 'Ivybridge', '2,051,233']),
      [160, [[300, 'Vale']]],
      row(172, ['C-2023-338', 'Road salt', 'Ironleaf', '1,718,621']),
      row(184, ['C-2022-777', 'Patrols', 'Dovetail', '2,216,618']),
      row(196, ['C-2022-213', 'Printing', 'Northlight', '843,269']),
    ]);

    expect(tableOf(layoutLines(lines))).toMatchObject({
      table: {
        rows: [
          ['C-2022-917', 'Grounds upkeep for cemeteries', 'Quayside', '1,123,805'],
          ['C-2024-843', 'Legal advice', 'Harbour', '2,252,218'],
          ['C-2024-239', 'Street lighting', 'Ivybridge Vale', '2,051,233'],
          ['C-2023-338', 'Road salt', 'Ironleaf', '1,718,621'],
          ['C-2022-777', 'Patrols', 'Dovetail', '2,216,618'],
          ['C-2022-213', 'Printing', 'Northlight', '843,269'],
        ],
      },
    });
  });

  it('takes a line of units under the years for part of the header', () => {
    const lines = page([
      row(100, ['', 'Note', '2024', '2023']),
      row(112, ['', '', '£000', '£000']),
      row(130, ['Revenue', '4', '46,797', '39,784']),
      row(144, ['Cost of sales', '', '(28,310)', '(24,102)']),
    ]);

    expect(tableOf(layoutLines(lines))).toMatchObject({
      table: {
        header: ['', 'Note', '2024 £000', '2023 £000'],
        rows: [
          ['Revenue', '4', '46,797', '39,784'],
          ['Cost of sales', '', '(28,310)', '(24,102)'],
        ],
      },
    });
  });

  it('reads the lines set apart above a table header on their own, as an invoice has them', () => {
    const item = (y: number, cells: string[]): PageRow => [
      y,
      cells.map((text, i) => [[50, 90, 300, 400][i]!, text] as [number, string]),
    ];
    const lines = page([
      [
        100,
        [
          [50, 'Invoice no.'],
          [150, 'INV-2024-8877'],
        ],
      ],
      [
        112,
        [
          [50, 'Date'],
          [150, '2 October 2024'],
        ],
      ],
      [
        124,
        [
          [50, 'Customer'],
          [150, 'K45150'],
        ],
      ],
      item(150, ['#', 'Description', 'Qty', 'Amount']),
      item(162, ['1', 'Desk frame', '11', '4,108.50']),
      item(174, ['2', 'Fire extinguishers', '11', '633.60']),
      item(186, ['3', 'Support visit', '1', '420.00']),
    ]);

    const tables = layoutLines(lines).filter((block) => block.kind === 'table');

    expect(tables).toMatchObject([
      {
        table: {
          rows: [
            ['Date', '2 October 2024'],
            ['Customer', 'K45150'],
          ],
        },
      },
      { table: { header: ['#', 'Description', 'Qty', 'Amount'] } },
    ]);
  });

  it('keeps the totals under an invoice’s items as a row each, figure under figure', () => {
    // Items 14 apart, then the totals set apart by 30 and 14 apart: without a row label, each
    // total's line stands closer to the next than to the items, as a wrapped cell's first line.
    const lines = page([
      row(100, ['Description', 'Qty', 'Unit price', 'Amount']),
      row(114, ['Copier paper', '4', '21.50', '86.00']),
      row(128, ['Toner cartridge', '2', '64.99', '129.98']),
      row(142, ['Desk organiser', '1', '12.00', '12.00']),
      row(172, ['', '', 'Subtotal', '227.98']),
      row(186, ['', '', 'VAT 20%', '45.60']),
      row(200, ['', '', 'Total', '273.58']),
    ]);

    expect(tableOf(layoutLines(lines))).toMatchObject({
      table: {
        rows: [
          ['Copier paper', '4', '21.50', '86.00'],
          ['Toner cartridge', '2', '64.99', '129.98'],
          ['Desk organiser', '1', '12.00', '12.00'],
          ['', '', 'Subtotal', '227.98'],
          ['', '', 'VAT 20%', '45.60'],
          ['', '', 'Total', '273.58'],
        ],
      },
    });
  });

  it('ends a table at a heading set larger below it', () => {
    const lines = page([
      row(100, ['Fund', 'Return', '', 'Risk']),
      row(118, ['Global equity', '12.5%', '', 'High']),
      row(136, ['Bonds', '1.0%', '', 'Low']),
      [
        160,
        [
          [50, '2. Findings'],
          [300, 'where the number is too low'],
        ],
        14,
      ],
    ]);

    const blocks = layoutLines(lines);

    expect(tableOf(blocks)).toMatchObject({
      table: {
        header: ['Fund', 'Return', 'Risk'],
        rows: [
          ['Global equity', '12.5%', 'High'],
          ['Bonds', '1.0%', 'Low'],
        ],
      },
    });
    expect(blocks.at(-1)).toMatchObject({ kind: 'heading' });
  });
});

describe('lines', () => {
  it('keeps a row together when a raised mark stands highest in it', () => {
    // A browser sets a cell with a footnote mark lower than the cells beside it.
    const lines = groupLines(
      pageWords([
        [174, [[84, '1']], 8.3],
        [175.5, [[436, '46,797']]],
        [178, [[49, 'Revenue']]],
      ]),
    );

    expect(lines.map(lineText)).toEqual(['Revenue1 46,797']);
  });

  it('keeps small text beside a big title apart from it, not as raised or lowered script', () => {
    const lines = groupLines(
      pageWords([
        [100, [[50, 'Annual report']], 14],
        [97, [[300, 'applied in line with guidance']], 9],
        [108, [[300, 'for the second year running']], 9],
      ]),
    );

    expect(lines.map(lineText)).toEqual([
      'applied in line with guidance',
      'Annual report',
      'for the second year running',
    ]);
  });
});
