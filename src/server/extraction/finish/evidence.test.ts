import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractedRow } from '../../../shared/extraction';
import { locateEvidence } from './evidence';
import { buildDocument } from '../read/build-document';
import type { Block } from '../read/types';

const INVOICE: Block[] = [
  { kind: 'heading', level: 1, text: 'Invoice INV-2041', page: 1 },
  { kind: 'paragraph', text: 'Billed to: Fabrikam Ltd\nIssued 1 March 2024', page: 1 },
  {
    kind: 'table',
    page: 2,
    table: {
      source: 'pdf',
      header: ['Item', 'Qty', 'Unit price', 'Total'],
      rows: [
        ['Desk lamp', '2', '24.00', '48.00'],
        ['Office chair', '4', '145.50', '582.00'],
        ['Cable tray', '2', '2.00', '4.00'],
        ['Monitor arm', '2', '59.00', '118.00'],
      ],
    },
  },
  { kind: 'paragraph', text: 'Amount due: 1,674.99 GBP by 31 March 2024.', page: 2 },
];

const COLUMNS: ColumnDefinition[] = [
  { name: 'item', type: 'text' },
  { name: 'quantity', type: 'number' },
  { name: 'unit_price', type: 'number' },
  { name: 'total', type: 'number' },
];

const document = buildDocument(INVOICE, 100_000);
const slice = (span: { start: number; end: number } | null | undefined) =>
  span ? document.markdown.slice(span.start, span.end) : null;
const lineOf = (offset: number) => document.markdown.slice(0, offset).split('\n').length;

describe('locateEvidence', () => {
  it('finds exact values with their page, and normalised numbers, dates and case', () => {
    const rows: ExtractedRow[] = [
      { item: 'Desk lamp', quantity: 2, unit_price: 24, total: 48 },
      { item: 'office  CHAIR', quantity: 4, unit_price: 145.5, total: 582 },
    ];
    const { evidence } = locateEvidence({ document, rows, columns: COLUMNS });

    expect(evidence[0]?.item).toMatchObject({ match: 'exact', page: 2 });
    expect(slice(evidence[0]?.item)).toBe('Desk lamp');
    expect(evidence[0]?.unit_price).toMatchObject({ match: 'normalized', page: 2 });
    expect(slice(evidence[0]?.unit_price)).toBe('24.00');
    expect(evidence[1]?.item?.match).toBe('normalized');
    expect(slice(evidence[1]?.item)).toBe('Office chair');
    expect(slice(evidence[1]?.unit_price)).toBe('145.50');

    const header = locateEvidence({
      document,
      rows: [{ issued: '2024-03-01', due: '2024-03-31', amount: 1674.99 }],
      rawRows: [{ issued: '1 March 2024', due: '2024-03-31', amount: '1,674.99 GBP' }],
      columns: [
        { name: 'issued', type: 'date' },
        { name: 'due', type: 'date' },
        { name: 'amount', type: 'number' },
      ],
    }).evidence[0];
    expect(header?.issued).toMatchObject({ match: 'exact', page: 1 });
    expect(slice(header?.issued)).toBe('1 March 2024');
    expect(header?.due).toMatchObject({ match: 'normalized', page: 2 });
    expect(slice(header?.due)).toBe('31 March 2024');
    expect(slice(header?.amount)).toBe('1,674.99 GBP');
  });

  it('maps repeated values to their own rows, in document order', () => {
    const rows: ExtractedRow[] = [
      { item: 'Desk lamp', quantity: 2, unit_price: 24, total: 48 },
      { item: 'Office chair', quantity: 4, unit_price: 145.5, total: 582 },
      { item: 'Cable tray', quantity: 2, unit_price: 2, total: 4 },
      { item: 'Monitor arm', quantity: 2, unit_price: 59, total: 118 },
    ];
    const { evidence } = locateEvidence({ document, rows, columns: COLUMNS });
    const firstRowLine = lineOf(document.markdown.indexOf('| Desk lamp'));

    evidence.forEach((row, index) => {
      for (const column of COLUMNS) {
        const cell = row[column.name];
        expect(cell, `${index}:${column.name}`).not.toBeNull();
        expect(lineOf(cell?.start ?? 0), `${index}:${column.name}`).toBe(firstRowLine + index);
      }
    });
    // Quantity 2 and unit price 2 in one row are two places, not one.
    expect(evidence[2]?.quantity?.start).not.toBe(evidence[2]?.unit_price?.start);
    expect(slice(evidence[2]?.unit_price)).toBe('2.00');
  });

  it('marks a value that is not in the document as not found, and counts grounded cells', () => {
    const rows: ExtractedRow[] = [
      { item: 'Desk lamp', quantity: 2, unit_price: 24, total: 48 },
      { item: 'Standing desk', quantity: 3, total: 999 },
      { item: '' },
    ];
    const { evidence, grounding } = locateEvidence({ document, rows, columns: COLUMNS });

    expect(evidence[1]).toEqual({ item: null, quantity: null, unit_price: null, total: null });
    expect(evidence[2]?.item).toBeNull();
    expect(grounding).toEqual({ cells: 7, grounded: 4 });
  });

  it('does not look for the stand-in 0 of a blank required number', () => {
    const { grounding } = locateEvidence({
      document,
      rows: [{ total: 0 }],
      rawRows: [{ total: null }],
      columns: [{ name: 'total', type: 'number' }],
    });
    expect(grounding).toEqual({ cells: 0, grounded: 0 });
  });

  it('places the cells of a 2,000-row table', () => {
    const count = 2000;
    const cells = (i: number) => [
      `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      `Card payment ${i % 50}`,
      `${(i % 7) + 1}.50`,
    ];
    const big = buildDocument(
      [
        { kind: 'paragraph', text: 'Statement', page: 1 },
        {
          kind: 'table',
          page: 1,
          table: {
            source: 'csv',
            header: ['Date', 'Description', 'Amount'],
            rows: Array.from({ length: count }, (_, i) => cells(i)),
          },
        },
      ],
      10_000_000,
    );
    const rows: ExtractedRow[] = Array.from({ length: count }, (_, i) => {
      const [date = '', description = ''] = cells(i);
      return { date, description, amount: (i % 7) + 1.5, note: i === 10 ? 'absent' : null };
    });
    const columns: ColumnDefinition[] = [
      { name: 'date', type: 'date' },
      { name: 'description', type: 'text' },
      { name: 'amount', type: 'number' },
      { name: 'note', type: 'text' },
    ];

    const started = performance.now();
    const { evidence, grounding } = locateEvidence({ document: big, rows, columns });
    const elapsed = performance.now() - started;
    console.info(
      `evidence for ${count} rows × ${columns.length} columns: ${elapsed.toFixed(0)} ms`,
    );

    expect(grounding).toEqual({ cells: count * 3 + 1, grounded: count * 3 });
    const lines = big.markdown.split('\n');
    const lineAt = (offset: number) => big.markdown.slice(0, offset).split('\n').length - 1;
    for (const i of [0, 1, 777, 1999]) {
      const amount = evidence[i]?.amount;
      // Line 0 is the paragraph, 1 blank, 2 the header, 3 the delimiter row.
      expect(lineAt(amount?.start ?? 0)).toBe(i + 4);
      expect(lines[i + 4]).toContain(`${cells(i)[1]} |`);
    }
  });
});
