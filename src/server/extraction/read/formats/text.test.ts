import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BANK_STATEMENT_TEXT,
  CAFE_MENU_TEXT,
  PROJECT_MARKDOWN,
  PROSE_WITH_DOUBLE_SPACES,
  randomBytes,
  readerInput,
  utf16Bytes,
  windows1252Bytes,
} from '../../../../../tests/fixtures/text-fixtures';
import { buildDocument } from '../build-document';
import { parseTextBlocks, readText, splitTableRow } from './text';
import type { Block } from '../types';

const markdownTable = (header: string[], rows: string[][]): Block => ({
  kind: 'table',
  table: { source: 'markdown', header, rows },
});

describe('parseTextBlocks', () => {
  it('reads headings, GFM tables, lists and fenced code from Markdown', () => {
    expect(parseTextBlocks(PROJECT_MARKDOWN)).toEqual<Block[]>([
      { kind: 'heading', level: 1, text: 'Project Atlas status' },
      { kind: 'paragraph', text: 'The migration is on track. Open items are listed below.' },
      markdownTable(
        ['Task', 'Owner', 'Due', 'Notes'],
        [
          ['Move database', 'Priya', '2024-04-02', 'needs a | pipe'],
          ['Switch DNS', 'Tom', '2024-04-09', ''],
        ],
      ),
      {
        kind: 'list',
        isOrdered: false,
        items: [
          'Freeze deployments on Friday',
          'Tell support about the maintenance window',
          'Archive old logs',
        ],
      },
      { kind: 'list', isOrdered: true, items: ['Back up', 'Migrate'] },
      { kind: 'code', text: 'SELECT * FROM accounts;\n\n-- keep this line' },
      markdownTable(['Owner', 'Budget'], [['Priya', '12,000']]),
    ]);
  });

  it('splits table rows on unescaped pipes, with or without outer pipes', () => {
    expect(splitTableRow('| a \\| b | c |')).toEqual(['a | b', 'c']);
    expect(splitTableRow('a | b')).toEqual(['a', 'b']);
    expect(splitTableRow('| a | |')).toEqual(['a', '']);
  });

  it('keeps a table row that has more or fewer cells than the header as it is', () => {
    const blocks = parseTextBlocks('Name | Age\n--- | ---\nAda | 36 | London\nAlan');
    expect(blocks).toEqual(
      [markdownTable(['Name', 'Age'], [['Ada', '36', 'London']])].concat([
        { kind: 'paragraph', text: 'Alan' },
      ]),
    );
  });

  it('strips closing hashes from headings and reads a pathological line in linear time', () => {
    expect(parseTextBlocks('## Budget ##\n# C#\n#hashtag')).toEqual([
      { kind: 'heading', level: 2, text: 'Budget' },
      { kind: 'heading', level: 1, text: 'C#' },
      { kind: 'paragraph', text: '#hashtag' },
    ]);
    const started = performance.now();
    parseTextBlocks(`# ${' '.repeat(50_000)}x${' '.repeat(50_000)}y`);
    // A long line among many short columnar ones: the column search is linear too.
    parseTextBlocks([`a  ${'b'.repeat(500_000)}`, ...Array<string>(5_000).fill('c  d')].join('\n'));
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads underlined headings, drops thematic breaks and keeps an unclosed fence as code', () => {
    expect(parseTextBlocks('Report\n======\n\n***\n\nBody text\n\n```\nlet x = 1;\n')).toEqual([
      { kind: 'heading', level: 1, text: 'Report' },
      { kind: 'paragraph', text: 'Body text' },
      { kind: 'code', text: 'let x = 1;\n' },
    ]);
  });

  it('turns a pasted statement aligned with spaces into a table, keeping the text around it', () => {
    expect(parseTextBlocks(BANK_STATEMENT_TEXT)).toEqual<Block[]>([
      { kind: 'paragraph', text: 'Statement for account 12-34-56 87654321\nPeriod: March 2024' },
      markdownTable(
        ['Date', 'Description', 'Amount', 'Balance'],
        [
          ['01/03/2024', 'Opening balance', '', '1,200.00'],
          ['02/03/2024', 'Corner Coffee Shop', '-3.50', '1,196.50'],
          ['05/03/2024', 'Salary  ACME Ltd', '2,450.00', '3,646.50'],
          ['09/03/2024', 'Rent', '-950.00', '2,696.50'],
        ],
      ),
      { kind: 'paragraph', text: 'Thank you for banking with us.' },
    ]);
  });

  it('reads lines separated by tabs as a table', () => {
    const text = 'Part\tStock\tBin\nBolt M6\t1200\tA4\nWasher\t800\tA5';
    expect(parseTextBlocks(text)).toEqual([
      markdownTable(
        ['Part', 'Stock', 'Bin'],
        [
          ['Bolt M6', '1200', 'A4'],
          ['Washer', '800', 'A5'],
        ],
      ),
    ]);
  });

  it('does not take prose with two spaces after full stops for a table', () => {
    expect(parseTextBlocks(PROSE_WITH_DOUBLE_SPACES)).toEqual([
      { kind: 'paragraph', text: PROSE_WITH_DOUBLE_SPACES },
    ]);
    expect(parseTextBlocks('Total  12\nTax  3')).toEqual([
      { kind: 'paragraph', text: 'Total  12\nTax  3' },
    ]);
  });

  it('reads two aligned lines of labels over their values as a table of one row', () => {
    const text =
      'Invoice Number     Invoice Date     Due Date\nINV-2024-0117      14/03/2024       13/04/2024';
    expect(parseTextBlocks(text)).toEqual([
      markdownTable(
        ['Invoice Number', 'Invoice Date', 'Due Date'],
        [['INV-2024-0117', '14/03/2024', '13/04/2024']],
      ),
    ]);
    // Not when the first line holds figures, or a label has no value under it.
    const pairs = 'Subtotal  12.00    Tax  3.00\nTotal  15.00      Paid  15.00';
    expect(parseTextBlocks(pairs)).toEqual([{ kind: 'paragraph', text: pairs }]);
    const gap = 'Bill To            Ship To\nNorthwind Traders';
    expect(parseTextBlocks(gap)).toEqual([{ kind: 'paragraph', text: gap }]);
  });

  it('never loses a word of plain text', () => {
    const blockWords = (block: Block): string[] => {
      if (block.kind === 'table') return [...block.table.header, ...block.table.rows.flat()];
      if (block.kind === 'list') return block.items;
      return [block.text];
    };
    const words = (texts: string[]) => texts.join(' ').split(/\s+/).filter(Boolean);
    const line = fc.stringMatching(/^[a-z0-9 \t]{0,30}$/);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => {
        const text = lines.join('\n');
        expect(words(parseTextBlocks(text).flatMap(blockWords))).toEqual(words([text]));
      }),
    );
  });
});

describe('readText', () => {
  it('reads a Markdown file and takes its first top-level heading as the title', async () => {
    const output = await readText(readerInput(PROJECT_MARKDOWN, { mimeType: 'text/markdown' }));
    expect(output.title).toBe('Project Atlas status');
    expect(output.blocks).toHaveLength(7);
  });

  it('reads UTF-16 and windows-1252 files', async () => {
    for (const bytes of [utf16Bytes(CAFE_MENU_TEXT, 'le'), windows1252Bytes(CAFE_MENU_TEXT)]) {
      const { blocks, title } = await readText(readerInput(bytes));
      expect(blocks).toEqual([{ kind: 'paragraph', text: CAFE_MENU_TEXT }]);
      expect(title).toBeNull();
    }
  });

  it('refuses random bytes with TEXT_FILE_UNREADABLE', async () => {
    await expect(readText(readerInput(randomBytes()))).rejects.toMatchObject({
      code: 'TEXT_FILE_UNREADABLE',
      message: 'Failed to read text file',
    });
  });

  it('leaves text past the character limit to the builder, which reports the cut', async () => {
    const text = Array.from({ length: 400 }, (_, i) => `Line ${i + 1} of the log`).join('\n');
    const output = await readText(readerInput(text, { limits: { maxCharacters: 1000 } }));
    const built = buildDocument(output.blocks, 1000);
    expect(built.isTruncated).toBe(true);
    expect(built.markdown.length).toBeGreaterThan(0);
    expect(built.markdown.startsWith('Line 1 of the log\nLine 2 of the log')).toBe(true);
  });
});
