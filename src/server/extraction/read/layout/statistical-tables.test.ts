import { describe, expect, it } from 'vitest';
import { layoutLines, page, type PageRow } from '../../../../../tests/support/layout-pages';
import type { Block } from '../types';

const tablesOf = (blocks: Block[]) =>
  blocks.flatMap((block) => (block.kind === 'table' ? [block.table] : []));

/** A row with cells at the given x positions. */
const at = (y: number, xs: number[], cells: string[], size?: number): PageRow => [
  y,
  cells.flatMap((text, i) => (text ? [[xs[i]!, text] as [number, string]] : [])),
  size,
];

describe('statistical tables', () => {
  it('keeps month headings whose year wraps onto a second line in the header', () => {
    const xs = [50, 250, 320, 390];
    const lines = page([
      [88, [[290, 'Seasonally adjusted']]],
      at(100, xs, ['', 'Aug.', 'Sept.', 'Oct.']),
      at(110, xs, ['Employment status', '2025', '2025', '2025']),
      at(128, xs, ['Employed', '161,007', '160,904', '160,664']),
      at(146, xs, ['Unemployed', '7,090', '7,099', '7,089']),
    ]);

    const [table] = tablesOf(layoutLines(lines));
    expect(table?.header).toEqual([
      'Employment status',
      'Seasonally adjusted Aug. 2025',
      'Seasonally adjusted Sept. 2025',
      'Seasonally adjusted Oct. 2025',
    ]);
    expect(table?.rows).toEqual([
      ['Employed', '161,007', '160,904', '160,664'],
      ['Unemployed', '7,090', '7,099', '7,089'],
    ]);
  });

  it('keeps long group headings over runs of columns in the header, one of them wrapping', () => {
    const xs = [50, 150, 230, 400, 480];
    const lines = page([
      [88, [[355, 'Change compared with the same month of']]],
      [
        100,
        [
          [102.5, 'Change compared with the previous month'],
          [407.5, 'the previous year'],
        ],
      ],
      at(116, xs, ['', 'May', 'June', 'May', 'June']),
      at(134, xs, ['Euro area', '0.3', '0.1', '1.2', '1.4']),
      at(148, xs, ['Belgium', '-0.2', '0.4', '0.9', '1.1']),
    ]);

    const [table] = tablesOf(layoutLines(lines));
    const month = 'Change compared with the previous month';
    const year = 'Change compared with the same month of the previous year';
    expect(table?.header).toEqual([
      '',
      `${month} May`,
      `${month} June`,
      `${year} May`,
      `${year} June`,
    ]);
    expect(table?.rows).toEqual([
      ['Euro area', '0.3', '0.1', '1.2', '1.4'],
      ['Belgium', '-0.2', '0.4', '0.9', '1.1'],
    ]);
  });

  it('keeps a middle heading line that reads like prose between the other heading lines', () => {
    const xs = [50, 200, 330];
    const lines = page([
      [
        100,
        [
          [187.5, 'Tax before'],
          [320, 'Tax after'],
        ],
      ],
      [
        110,
        [
          [160, 'any credit taken into'],
          [280, 'all credit taken into'],
        ],
      ],
      [
        120,
        [
          [50, 'Income band'],
          [195, 'account'],
          [325, 'account'],
        ],
      ],
      at(138, xs, ['Up to 10,000', '1,000', '900']),
      at(152, xs, ['10,000 to 20,000', '2,400', '2,160']),
    ]);

    const [table] = tablesOf(layoutLines(lines));
    expect(table?.header).toEqual([
      'Income band',
      'Tax before any credit taken into account',
      'Tax after all credit taken into account',
    ]);
    expect(table?.rows).toHaveLength(2);
  });

  it('spans a group heading set flush with a centred heading under it over its whole group', () => {
    const xs = [50, 110, 170, 230, 290];
    const lines = page([
      [100, [[207.5, 'And you are']]],
      [
        110,
        [
          [207.5, 'Married'],
          [292.5, 'Head'],
        ],
      ],
      [
        120,
        [
          [90, 'But less'],
          [210, 'filing'],
          [292.5, 'of a'],
        ],
      ],
      [
        130,
        [
          [50, 'At least'],
          [115, 'than'],
          [167.5, 'Single'],
          [207.5, 'jointly'],
          [280, 'Household'],
        ],
      ],
      at(148, xs, ['25,000', '25,050', '1,000', '900', '950']),
      at(160, xs, ['25,050', '25,100', '1,006', '905', '956']),
      at(172, xs, ['25,100', '25,150', '1,012', '911', '961']),
    ]);

    const [table] = tablesOf(layoutLines(lines));
    expect(table?.header).toEqual([
      'At least',
      'But less than',
      'And you are Single',
      'And you are Married filing jointly',
      'And you are Head of a Household',
    ]);
    expect(table?.rows).toHaveLength(3);
  });

  it('reads a heading line with one year among other headings as header, not data', () => {
    const xs = [50, 200, 300, 400];
    const lines = page([
      at(100, xs, ['', '2020', 'Estimate', 'Change']),
      at(112, xs, ['Geographic area', 'Census', 'July 1', 'Number']),
      at(130, xs, ['Adams County', '258,846', '262,257', '-1,870']),
      at(148, xs, ['Baker County', '110,917', '109,905', '-392']),
    ]);

    const [table] = tablesOf(layoutLines(lines));
    expect(table?.header).toEqual([
      'Geographic area',
      '2020 Census',
      'Estimate July 1',
      'Change Number',
    ]);
    expect(table?.rows).toHaveLength(2);
  });

  it('sets a raised footnote mark after a figure apart from it, as a superscript', () => {
    const xs = [50, 200, 300];
    const lines = page([
      at(100, xs, ['State', 'Public', 'Private']),
      at(118, xs, ['Alabama', '1,052', '377']),
      [115, [[315, '1']], 6],
      at(136, xs, ['Alaska', '1,498', '1,012']),
    ]);

    expect(tablesOf(layoutLines(lines))[0]?.rows).toEqual([
      ['Alabama', '1,052', '377¹'],
      ['Alaska', '1,498', '1,012'],
    ]);
  });

  it('reads two tables with the same headings side by side as two tables', () => {
    const xs = [50, 120, 170, 220, 320, 390, 440, 490];
    const lines = page([
      at(100, xs, ['Age', '2021', '2022', '2023', 'Age', '2021', '2022', '2023']),
      at(118, xs, ['0', '79.1', '79.2', '79.4', '0', '83.4', '83.4', '83.3']),
      at(136, xs, ['1', '78.2', '78.3', '78.3', '1', '82.5', '82.5', '82.6']),
      at(154, xs, ['5', '74.4', '74.4', '74.3', '5', '78.8', '78.8', '78.7']),
    ]);

    const tables = tablesOf(layoutLines(lines));
    expect(tables.map((table) => table.header)).toEqual([
      ['Age', '2021', '2022', '2023'],
      ['Age', '2021', '2022', '2023'],
    ]);
    expect(tables.map((table) => table.rows[2])).toEqual([
      ['5', '74.4', '74.4', '74.3'],
      ['5', '78.8', '78.8', '78.7'],
    ]);
  });

  it('reads statements side by side, one longer than the other, as two tables', () => {
    const xs = [50, 190, 250, 310, 450, 510];
    const lines = page([
      at(100, xs, ['Assets', '7 Nov', '14 Nov', 'Liabilities', '7 Nov', '14 Nov']),
      at(118, xs, [
        'Gold and receivables',
        '912',
        '935',
        'Banknotes in circulation',
        '1,572',
        '1,592',
      ]),
      at(136, xs, ['Claims on non-residents', '501', '497', 'Current accounts', '171', '170']),
      at(154, xs, ['Lending to banks', '11', '12', '', '', '']),
    ]);

    const tables = tablesOf(layoutLines(lines));
    expect(tables).toHaveLength(2);
    expect(tables[0]?.rows.at(-1)).toEqual(['Lending to banks', '11', '12']);
    expect(tables[1]?.rows).toEqual([
      ['Banknotes in circulation', '1,572', '1,592'],
      ['Current accounts', '171', '170'],
    ]);
  });

  it('keeps one table whose middle column holds short text (names and places)', () => {
    const xs = [50, 150, 200, 320];
    const lines = page([
      at(100, xs, ['Name', 'Age', 'City', 'Salary']),
      at(118, xs, ['Ada Lovelace', '36', 'London', '41,000']),
      at(136, xs, ['Grace Hopper', '45', 'New York', '52,500']),
      at(154, xs, ['Alan Turing', '41', 'Wilmslow', '38,200']),
    ]);

    expect(tablesOf(layoutLines(lines))).toMatchObject([
      {
        header: ['Name', 'Age', 'City', 'Salary'],
        rows: [['Ada Lovelace', '36', 'London', '41,000'], expect.anything(), expect.anything()],
      },
    ]);
  });
});
