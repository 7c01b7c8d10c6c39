import { describe, expect, it } from 'vitest';
import type { ColumnDefinition } from '../../../shared/columns';
import { MIN_PART_OUTPUT_TOKENS } from './part-count';
import { planChunks } from './plan-chunks';
import type { ServerDocument } from '../read/types';
import { documentFromBlocks } from '../../../../tests/support/documents';
import type { Block } from '../read/types';

const columns: ColumnDefinition[] = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

const documentOf = (blocks: Block[]): ServerDocument => documentFromBlocks(blocks);

const rows = Array.from({ length: 2000 }, (_, i) => [
  `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
  `Payment ${i} to supplier`,
  (i * 1.5).toFixed(2),
]);
const ledger = documentOf([
  { kind: 'heading', level: 1, text: 'Ledger' },
  { kind: 'table', table: { source: 'csv', header: ['Date', 'Description', 'Amount'], rows } },
  { kind: 'paragraph', text: 'End of ledger.' },
]);
const rowLines = (text: string) => text.split('\n').filter((line) => /^\| 2026/.test(line));

describe('planChunks', () => {
  it('keeps a short document in one chunk', () => {
    const chunks = planChunks(documentOf([{ kind: 'paragraph', text: 'Invoice 7: 120.00' }]), {
      columns,
      maxCharacters: 100_000,
      maxOutputTokens: 16_384,
    });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.text).toBe('Invoice 7: 120.00');
  });

  it('sizes chunks by the rows one answer can hold, so a long list becomes parallel calls', () => {
    const chunks = planChunks(ledger, { columns, maxCharacters: 100_000, maxOutputTokens: 4_096 });
    expect(chunks.length).toBeGreaterThanOrEqual(10);
    for (const chunk of chunks) {
      const tokens = rowLines(chunk.text).length * 20;
      expect(tokens).toBeLessThan(4_096);
    }
  });

  it('splits on row boundaries, carries the table header into every chunk, and loses no row', () => {
    const chunks = planChunks(ledger, {
      columns,
      maxCharacters: 20_000,
      maxOutputTokens: 1_000_000,
    });
    expect(chunks.length).toBeGreaterThan(2);
    const all = chunks.flatMap((chunk) => rowLines(chunk.text));
    expect(all).toHaveLength(2000);
    expect(new Set(all).size).toBe(2000);
    for (const chunk of chunks) {
      expect(chunk.text.length).toBeLessThanOrEqual(20_000);
      if (rowLines(chunk.text).length > 0)
        expect(chunk.text).toContain('| Date | Description | Amount |\n| --- | --- | --- |');
    }
    expect(chunks[0]?.text.startsWith('# Ledger')).toBe(true);
    expect(chunks.at(-1)?.text.endsWith('End of ledger.')).toBe(true);
  });

  it('sends page images with the chunk that holds their page', () => {
    const document = documentOf([
      { kind: 'paragraph', text: 'Page one text', page: 1 },
      { kind: 'paragraph', text: 'Scanned page two', page: 2 },
    ]);
    const image = {
      id: 'i1',
      page: 2,
      mimeType: 'image/png' as const,
      width: 10,
      height: 10,
      byteLength: 3,
      ocrText: null,
      ocrConfidence: null,
      bytes: new Uint8Array(3),
    };
    const chunks = planChunks(
      { ...document, images: [image] },
      { columns, maxCharacters: 20, maxOutputTokens: 16_384 },
    );
    expect(chunks.map((chunk) => chunk.images.length)).toEqual([0, 1]);
  });

  it('spreads a long answer over the parts that can run at once, each expected to fit', () => {
    const chunks = planChunks(ledger, {
      columns,
      maxCharacters: 100_000,
      maxOutputTokens: 4_096,
      partsAtOnce: 32,
    });
    expect(chunks).toHaveLength(32);
    for (const chunk of chunks) {
      expect(chunk.estimatedOutputTokens).toBeLessThanOrEqual(4_096 * 0.6);
      // Every table row, and the closing sentence read (generously) as a row of its own.
      expect(chunk.estimatedRows - rowLines(chunk.text).length).toBeGreaterThanOrEqual(0);
      expect(chunk.estimatedRows - rowLines(chunk.text).length).toBeLessThanOrEqual(1);
    }
    expect(chunks.reduce((sum, chunk) => sum + chunk.estimatedRows, 0)).toBe(2001);
  });

  const allRowsOnce = (chunks: { text: string }[]) => {
    const all = chunks.flatMap((chunk) => rowLines(chunk.text));
    return all.length === 2000 && new Set(all).size === 2000;
  };
  const spread = (chunks: { estimatedOutputTokens: number }[]) => {
    const tokens = chunks.map((chunk) => chunk.estimatedOutputTokens);
    return Math.max(...tokens) - Math.min(...tokens);
  };

  it('makes exactly as many parts as can run at once, of equal answers, when they fit one wave', () => {
    for (const [maxOutputTokens, partsAtOnce] of [
      [4_096, 18],
      [4_096, 24],
      [4_096, 32],
      [4_096, 40],
      [16_384, 8],
      [16_384, 16],
    ] as const) {
      const chunks = planChunks(ledger, {
        columns,
        maxCharacters: 100_000,
        maxOutputTokens,
        partsAtOnce,
      });
      expect(chunks, `${partsAtOnce} at once`).toHaveLength(partsAtOnce);
      expect(allRowsOnce(chunks)).toBe(true);
      // Equal shares: no part's answer longer than another's by more than two rows'.
      expect(spread(chunks)).toBeLessThanOrEqual(2 * 22);
    }
  });

  it('makes whole waves of equal parts when the output limit forces more than can run at once', () => {
    // The ledger's answer needs 18 parts within 60% of a 4,096-token answer.
    for (const [partsAtOnce, parts] of [
      [4, 20],
      [8, 24],
      [16, 32],
    ] as const) {
      const chunks = planChunks(ledger, {
        columns,
        maxCharacters: 100_000,
        maxOutputTokens: 4_096,
        partsAtOnce,
      });
      expect(chunks, `${partsAtOnce} at once`).toHaveLength(parts);
      expect(allRowsOnce(chunks)).toBe(true);
      expect(spread(chunks)).toBeLessThanOrEqual(2 * 22);
      for (const chunk of chunks)
        expect(chunk.estimatedOutputTokens).toBeLessThanOrEqual(4_096 * 0.6);
    }
  });

  it('makes whole waves when the character limit forces more parts than can run at once', () => {
    const chunks = planChunks(ledger, {
      columns,
      maxCharacters: 5_000,
      maxOutputTokens: 16_384,
      partsAtOnce: 8,
    });
    expect(chunks.length % 8).toBe(0);
    expect(allRowsOnce(chunks)).toBe(true);
    for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(5_000);
  });

  it('keeps a short table in one part however many could run at once', () => {
    const short = documentOf([
      {
        kind: 'table',
        table: {
          source: 'csv',
          header: ['Date', 'Description', 'Amount'],
          rows: rows.slice(0, 40),
        },
      },
    ]);
    const chunks = planChunks(short, {
      columns,
      maxCharacters: 100_000,
      maxOutputTokens: 16_384,
      partsAtOnce: 32,
    });
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.estimatedOutputTokens).toBeLessThan(MIN_PART_OUTPUT_TOKENS);
  });

  it('reports the table header each later part repeats', () => {
    const chunks = planChunks(ledger, { columns, maxCharacters: 100_000, maxOutputTokens: 4_096 });
    const header = '| Date | Description | Amount |\n| --- | --- | --- |';
    expect(chunks[0]!.repeatedCharacters).toBe(0);
    for (const chunk of chunks.slice(1)) expect(chunk.repeatedCharacters).toBe(header.length + 1);
  });
});
