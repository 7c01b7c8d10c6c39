import { describe, expect, it } from 'vitest';
import type { Block } from '../../types';
import { joinContinuedTables } from './pdf-layout';

const header = ['County', 'Census', 'Estimate'];
const table = (page: number, rows: string[][]): Block => ({
  kind: 'table',
  page,
  table: { source: 'pdf', header, rows },
});
const title: Block = { kind: 'heading', level: 3, text: 'Table 1. Population by county', page: 1 };

describe('tables carried over pages', () => {
  it('joins a table printed again under its repeated title and headings on the next page', () => {
    const blocks = joinContinuedTables([
      title,
      table(1, [['Adams County', '258,846', '262,257']]),
      { ...title, page: 2 },
      table(2, [['Baker County', '110,917', '109,905']]),
    ]);

    expect(blocks).toEqual([
      title,
      table(1, [
        ['Adams County', '258,846', '262,257'],
        ['Baker County', '110,917', '109,905'],
      ]),
    ]);
  });

  it('joins across a line that says the table is continued', () => {
    const blocks = joinContinuedTables([
      table(1, [['Adams County', '258,846', '262,257']]),
      { kind: 'paragraph', text: 'Table 1. Population by county (continued)', page: 2 },
      table(2, [['Baker County', '110,917', '109,905']]),
    ]);

    expect(blocks).toHaveLength(1);
  });

  it('keeps two tables apart when other text stands between them', () => {
    const blocks = joinContinuedTables([
      table(1, [['Adams County', '258,846', '262,257']]),
      { kind: 'paragraph', text: 'The next table shows the estimates for cities.', page: 2 },
      table(2, [['Ashford', '11,333', '11,402']]),
    ]);

    expect(blocks.filter((block) => block.kind === 'table')).toHaveLength(2);
  });
});
