import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildDocument } from './build-document';
import type { Block } from './types';

const blocks: Block[] = [
  { kind: 'heading', level: 1, text: 'Invoice  42', page: 1 },
  { kind: 'paragraph', text: 'Billed to:\u00A0Acme\u0000 Ltd', page: 1 },
  { kind: 'paragraph', text: '   ', page: 1 },
  {
    kind: 'table',
    table: { source: 'pdf', header: ['Item', 'Total'], rows: [['Pens | blue', '4.00'], ['Ink']] },
    page: 2,
  },
  { kind: 'list', items: ['Pay by 1 May', 'Quote the number'], isOrdered: true, page: 2 },
];

describe('buildDocument', () => {
  it('renders blocks as Markdown with one segment each, in order, with pages', () => {
    const built = buildDocument(blocks, 10_000);
    expect(built.markdown).toBe(
      [
        '# Invoice 42',
        'Billed to: Acme Ltd',
        '| Item | Total |\n| --- | --- |\n| Pens \\| blue | 4.00 |\n| Ink |  |',
        '1. Pay by 1 May\n2. Quote the number',
      ].join('\n\n'),
    );
    expect(built.segments.map((s) => [s.kind, s.page])).toEqual([
      ['heading', 1],
      ['paragraph', 1],
      ['table', 2],
      ['list', 2],
    ]);
    expect(built.tables).toEqual([
      {
        id: 't1',
        name: null,
        source: 'pdf',
        page: 2,
        header: ['Item', 'Total'],
        rows: [['Pens | blue', '4.00'], ['Ink']],
      },
    ]);
    expect(built.segments[2]?.tableIndex).toBe(0);
  });

  it('stops before the character limit and says so', () => {
    const built = buildDocument(blocks, 40);
    expect(built.isTruncated).toBe(true);
    expect(built.markdown.length).toBeLessThanOrEqual(40);
    expect(built.segments).toHaveLength(2);
  });

  it('gives segments whose spans are exactly their blocks, for any paragraphs', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1, maxLength: 40 }), { maxLength: 20 }),
        (texts) => {
          const built = buildDocument(
            texts.map((text) => ({ kind: 'paragraph', text })),
            1e6,
          );
          let previousEnd = -1;
          for (const segment of built.segments) {
            expect(segment.start).toBeGreaterThan(previousEnd);
            const slice = built.markdown.slice(segment.start, segment.end);
            expect(slice.trim()).toBe(slice);
            expect(slice.length).toBeGreaterThan(0);
            previousEnd = segment.end;
          }
          expect(built.segments.at(-1)?.end ?? 0).toBe(built.markdown.length);
        },
      ),
    );
  });
});
