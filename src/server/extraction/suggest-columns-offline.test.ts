import { describe, expect, it } from 'vitest';
import { readerInput } from '../../../tests/fixtures/text-fixtures';
import { buildDocument } from './read/build-document';
import { readCsv } from './read/formats/csv';
import { readText } from './read/formats/text';
import type { ReadOutput } from './read/types';
import {
  FALLBACK_COLUMNS,
  MAX_SUGGESTED_COLUMNS,
  inferColumnType,
  suggestColumnsOffline,
  toColumnName,
} from './suggest-columns-offline';

const documentOf = async (output: Promise<ReadOutput>) =>
  buildDocument((await output).blocks, 1_000_000);

describe('suggestColumnsOffline', () => {
  it('names a CSV table’s columns from its header and infers their types', async () => {
    const document = await documentOf(
      readCsv(
        readerInput(
          [
            'Booking Date,Description,Unit Price,Paid?,Café Name,',
            '01/03/2024,Coffee,"€3,50",yes,Corner,',
            '2024-03-02,Lunch,12.00,no,Deli,',
            '3 March 2024,Train,14.90,yes,,',
          ].join('\n'),
          { mimeType: 'text/csv' },
        ),
      ),
    );
    expect(suggestColumnsOffline(document).columns).toEqual([
      { name: 'booking_date', type: 'date' },
      { name: 'description', type: 'text' },
      { name: 'unit_price', type: 'number' },
      { name: 'paid', type: 'boolean' },
      { name: 'cafe_name', type: 'text' },
    ]);
  });

  it('takes the largest table and keeps at most twelve columns', () => {
    const header = Array.from({ length: 15 }, (_, i) => `Field ${i + 1}`);
    const document = buildDocument(
      [
        { kind: 'table', table: { source: 'html', header: ['A', 'B'], rows: [['1', '2']] } },
        { kind: 'table', table: { source: 'html', header, rows: [header.map(() => '7')] } },
      ],
      1_000_000,
    );
    const { columns } = suggestColumnsOffline(document);
    expect(columns).toHaveLength(MAX_SUGGESTED_COLUMNS);
    expect(columns[0]).toEqual({ name: 'field_1', type: 'number' });
  });

  it('uses the keys of key-value lines when there is no table', async () => {
    const document = await documentOf(
      readText(
        readerInput(
          [
            'Invoice number: INV-7',
            'Invoice date: 1 March 2025',
            '**Total:** 11.90',
            '',
            'Invoice number: INV-8',
            'Invoice date: 2025-03-09',
            '**Total:** 4.00',
          ].join('\n'),
        ),
      ),
    );
    expect(suggestColumnsOffline(document).columns).toEqual([
      { name: 'invoice_number', type: 'text' },
      { name: 'invoice_date', type: 'date' },
      { name: 'total', type: 'number' },
    ]);
  });

  it('falls back to a generic item and value when the document has neither', async () => {
    const document = await documentOf(
      readText(
        readerInput('# A letter\n\nThank you for the tea. It was lovely.\n\n- see you soon'),
      ),
    );
    expect(document.tables).toEqual([]);
    expect(suggestColumnsOffline(document).columns).toEqual(FALLBACK_COLUMNS);
    const empty = buildDocument([], 1000);
    expect(suggestColumnsOffline(empty).columns).toEqual(FALLBACK_COLUMNS);
  });
});

describe('column names and types', () => {
  it('cleans names like the templates', () => {
    expect(toColumnName('Unit Price')).toBe('unit_price');
    expect(toColumnName('  P/E Ratio (%) ')).toBe('p_e_ratio');
    expect(toColumnName('invoiceNumber')).toBe('invoice_number');
  });

  it('needs 80% of the filled values to agree on a type', () => {
    expect(inferColumnType(['1', '2', '3', '4', 'n/a'])).toBe('number');
    expect(inferColumnType(['1', '2', '3', 'n/a', 'n/a'])).toBe('text');
    expect(inferColumnType(['2024', '2025', ''])).toBe('number');
    expect(inferColumnType(['TRUE', 'false', 'Yes'])).toBe('boolean');
    expect(inferColumnType([])).toBe('text');
  });
});
