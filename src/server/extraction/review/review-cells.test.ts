import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import type { Segment } from '../../../shared/document';
import type { ExtractedRow } from '../../../shared/extraction';
import { coerceRow } from '../coerce';
import { locateEvidence, locatorCache } from '../finish/evidence';
import { buildTextIndex } from '../finish/evidence-index';
import { reviewCells, type ReviewCellsOptions } from './review-cells';

const STATEMENT_COLUMNS: ColumnDefinition[] = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
  { name: 'balance', type: 'number' },
];

const STATEMENT = [
  '| Date | Description | Amount | Balance |',
  '| --- | --- | --- | --- |',
  '| 2024-03-01 | Coffee House | -4.50 | 1,245.50 |',
  '| 2024-03-02 | Grocer & Sons | -62.10 | 1,183.40 |',
  '| 2024-03-03 | Salary | 2,100.00 | 3,283.40 |',
  '| 2024-03-04 | Rent | -950.00 | 2,333.40 |',
  '| 2024-03-05 | Book Shop | -18.99 | 2,314.41 |',
].join('\n');

const RIGHT: Record<string, unknown>[] = [
  { date: '2024-03-01', description: 'Coffee House', amount: '-4.50', balance: '1,245.50' },
  { date: '2024-03-02', description: 'Grocer & Sons', amount: '-62.10', balance: '1,183.40' },
  { date: '2024-03-03', description: 'Salary', amount: '2,100.00', balance: '3,283.40' },
  { date: '2024-03-04', description: 'Rent', amount: '-950.00', balance: '2,333.40' },
  { date: '2024-03-05', description: 'Book Shop', amount: '-18.99', balance: '2,314.41' },
];

type Setup = {
  markdown: string;
  segments?: Segment[];
  columns: ColumnDefinition[];
  raws: Record<string, unknown>[];
} & Partial<Pick<ReviewCellsOptions, 'certainty' | 'threshold' | 'offline'>>;

function runReview(setup: Setup) {
  const { markdown, columns, raws } = setup;
  const segments = setup.segments ?? [{ kind: 'table', start: 0, end: markdown.length, page: 1 }];
  const document = { markdown, segments };
  const index = buildTextIndex(markdown, segments);
  const lookup = locatorCache();
  const rows: ExtractedRow[] = raws.map((raw) => coerceRow(raw, columns));
  const { evidence } = locateEvidence({ document, rows, rawRows: raws, columns, index, lookup });
  return reviewCells({
    document,
    index,
    lookup,
    columns,
    rows,
    raws,
    evidence,
    certainty: setup.certainty,
    offline: setup.offline,
    threshold: setup.threshold ?? 0.6,
  });
}

const codes = (cell: { reasons: { code: string }[] } | undefined) =>
  cell?.reasons.map((reason) => reason.code);

describe('reviewCells', () => {
  it('trusts a table whose every value stands in its own row', () => {
    const { cells, review } = runReview({
      markdown: STATEMENT,
      columns: STATEMENT_COLUMNS,
      raws: RIGHT,
    });
    expect(review).toEqual({ total: 20, flagged: 0, edited: 0 });
    expect(cells[2]?.amount).toMatchObject({
      confidence: 1,
      flagged: false,
      reasons: [],
      edited: false,
    });
    expect(cells[2]?.amount?.evidence).toMatchObject({ match: 'exact' });
  });

  it("flags another row's amount, and names the value its own row shows", () => {
    const raws = RIGHT.map((row) => ({ ...row }));
    raws[1]!.amount = '2,100.00';
    const { cells, review } = runReview({ markdown: STATEMENT, columns: STATEMENT_COLUMNS, raws });
    expect(cells[1]?.amount).toMatchObject({ flagged: true });
    expect(cells[1]?.amount?.reasons[0]).toEqual({
      code: 'other_row',
      message: 'Found only in another row; this row shows “-62.10”.',
      weight: 0.25,
    });
    expect(cells[1]?.date?.flagged).toBe(false);
    // The row the value belongs to is not disturbed, nor are the rows after it.
    expect(cells[2]?.amount?.flagged).toBe(false);
    expect(review.flagged).toBe(1);
  });

  it("flags the neighbouring row's date", () => {
    const raws = RIGHT.map((row) => ({ ...row }));
    raws[3]!.date = '2024-03-05';
    const { cells } = runReview({ markdown: STATEMENT, columns: STATEMENT_COLUMNS, raws });
    expect(codes(cells[3]?.date)).toEqual(['other_row']);
    expect(cells[3]?.date?.flagged).toBe(true);
    expect(cells[4]?.date?.flagged).toBe(false);
  });

  it('flags a value that is nowhere in the source, and swapped digits', () => {
    const raws = RIGHT.map((row) => ({ ...row }));
    raws[0]!.description = 'Petrol Station';
    raws[4]!.amount = '-19.89';
    const { cells } = runReview({ markdown: STATEMENT, columns: STATEMENT_COLUMNS, raws });
    expect(cells[0]?.description).toMatchObject({
      flagged: true,
      evidence: null,
      reasons: [{ code: 'not_found', message: 'Not found in the source.' }],
    });
    expect(codes(cells[4]?.amount)).toEqual(['not_found']);
  });

  it('accepts a date printed once for several rows (carried down), flagging nothing', () => {
    const markdown = [
      '01 Mar 2024  Coffee House  -4.50',
      '             Grocer & Sons  -62.10',
      '02 Mar 2024  Salary  2,100.00',
    ].join('\n');
    const columns = STATEMENT_COLUMNS.slice(0, 3);
    const raws = [
      { date: '01 Mar 2024', description: 'Coffee House', amount: '-4.50' },
      { date: '01 Mar 2024', description: 'Grocer & Sons', amount: '-62.10' },
      { date: '02 Mar 2024', description: 'Salary', amount: '2,100.00' },
    ];
    const segments: Segment[] = [{ kind: 'paragraph', start: 0, end: markdown.length, page: null }];
    const { cells, review: summary } = runReview({ markdown, segments, columns, raws });
    expect(summary.flagged).toBe(0);
    expect(codes(cells[1]?.date)).toEqual(['apart']);
    expect(cells[1]?.date?.confidence).toBeGreaterThan(0.9);
  });

  it("takes an invoice's number from its header for every item row without flagging it", () => {
    const markdown = [
      'Invoice number: INV-7731',
      '',
      '| Item | Qty | Total |',
      '| --- | --- | --- |',
      '| Desk | 2 | 620.00 |',
      '| Chair | 4 | 582.00 |',
    ].join('\n');
    const segments: Segment[] = [
      { kind: 'paragraph', start: 0, end: 24, page: 1 },
      { kind: 'table', start: 26, end: markdown.length, page: 1 },
    ];
    const columns: ColumnDefinition[] = [
      { name: 'invoice_number', type: 'text' },
      { name: 'item', type: 'text' },
      { name: 'total', type: 'number' },
    ];
    const raws = [
      { invoice_number: 'INV-7731', item: 'Desk', total: '620.00' },
      { invoice_number: 'INV-7731', item: 'Chair', total: '582.00' },
    ];
    const { cells, review: summary } = runReview({ markdown, segments, columns, raws });
    expect(summary.flagged).toBe(0);
    expect(codes(cells[0]?.invoice_number)).toEqual(['apart']);
  });

  it('flags a value that could not take its type, with what was given', () => {
    const raws = RIGHT.map((row) => ({ ...row }));
    raws[2]!.balance = 'about three thousand';
    const { cells } = runReview({ markdown: STATEMENT, columns: STATEMENT_COLUMNS, raws });
    expect(cells[2]?.balance).toMatchObject({
      flagged: true,
      evidence: null,
      reasons: [
        { code: 'invalid', message: '“about three thousand” could not be read as a number.' },
      ],
    });
  });

  it('lowers the confidence where the model was unsure, and flags it when very unsure', () => {
    const certainty = RIGHT.map(() => ({}));
    certainty[0] = { amount: 0.5 };
    certainty[1] = { amount: 0.1 };
    const { cells } = runReview({
      markdown: STATEMENT,
      columns: STATEMENT_COLUMNS,
      raws: RIGHT,
      certainty,
    });
    expect(cells[0]?.amount).toMatchObject({ confidence: 0.8, flagged: false });
    expect(cells[0]?.amount?.reasons[0]?.message).toBe('The model was unsure of this value (50%).');
    expect(cells[1]?.amount).toMatchObject({ confidence: 0.5, flagged: true });
  });

  it('flags a value the offline extractor read otherwise on the same row', () => {
    const offlineRows = RIGHT.map((raw) => coerceRow(raw, STATEMENT_COLUMNS));
    const raws = RIGHT.map((row) => ({ ...row }));
    raws[4]!.description = 'Salary';
    const markdown = STATEMENT;
    const segments: Segment[] = [{ kind: 'table', start: 0, end: markdown.length, page: 1 }];
    const index = buildTextIndex(markdown, segments);
    const { evidence } = locateEvidence({
      document: { markdown, segments },
      rows: offlineRows,
      rawRows: RIGHT,
      columns: STATEMENT_COLUMNS,
      index,
      lookup: locatorCache(),
    });
    const { cells } = runReview({
      markdown,
      segments,
      columns: STATEMENT_COLUMNS,
      raws,
      offline: { rows: offlineRows, evidence },
    });
    expect(codes(cells[4]?.description)).toEqual(['offline_disagrees', 'other_row']);
    expect(cells[4]?.description?.reasons[0]?.message).toBe(
      'The table reader found “Book Shop” here.',
    );
  });
});
