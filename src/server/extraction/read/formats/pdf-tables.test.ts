import { testReadLimits } from '../../../../../tests/support/read-limits';
import { describe, expect, it } from 'vitest';
import {
  GROUPED_HEADER,
  GROUPED_ROWS,
  RULED_HEADER,
  RULED_ROWS,
  SECOND_HEADER,
  SECOND_ROWS,
  SIDEWAYS_HEADER,
  SIDEWAYS_ROWS,
  makeGroupedTablesPdf,
  makeRotatedPagePdf,
  makeRuledTablePdf,
  makeSidewaysTablePdf,
} from '../../../../../tests/fixtures/pdf-table-fixtures';
import { buildDocument } from '../build-document';
import { readPdf } from './pdf';
import type { OcrEngine, ReadOutput } from '../types';

const LIMITS = testReadLimits({ maxCharacters: 200_000 });

/** These pages all have a text layer: OCR must not be asked. */
const noOcr: OcrEngine = {
  recognize: () => Promise.reject(new Error('OCR is not needed for a page with text')),
};

const read = (bytes: Uint8Array) =>
  readPdf({ bytes, fileName: 't.pdf', mimeType: 'application/pdf', limits: LIMITS, ocr: noOcr });

const tables = (output: ReadOutput) =>
  output.blocks.flatMap((block) => (block.kind === 'table' ? [block.table] : []));

describe('tables in PDFs', () => {
  it.each([90, 270] as const)(
    'reads a table printed sideways (text turned %i°) in its own direction',
    async (angle) => {
      const output = await read(await makeSidewaysTablePdf(angle));

      expect(tables(output)).toEqual([
        { source: 'pdf', header: SIDEWAYS_HEADER, rows: SIDEWAYS_ROWS },
      ]);
      expect(output.blocks[0]).toMatchObject({
        kind: 'heading',
        text: 'Table 4. Weather stations, annual totals',
      });
    },
  );

  it('reads a landscape page turned by its /Rotate entry', async () => {
    const output = await read(await makeRotatedPagePdf());

    expect(tables(output)).toEqual([
      { source: 'pdf', header: SIDEWAYS_HEADER, rows: SIDEWAYS_ROWS },
    ]);
  });

  it('combines the merged header cells of a ruled grid, one name per column', async () => {
    const output = await read(await makeRuledTablePdf());

    expect(tables(output)).toEqual([{ source: 'pdf', header: RULED_HEADER, rows: RULED_ROWS }]);
    const markdown = buildDocument(output.blocks, LIMITS.maxCharacters).markdown;
    expect(markdown).toContain(
      '| North Harbour and the outer islands | 48,160 | 31,302 | 51,020 | 33,400 |',
    );
  });

  it('keeps two tables of one page apart, with group headings, wrapped labels and close columns', async () => {
    const output = await read(await makeGroupedTablesPdf());

    expect(tables(output)).toEqual([
      { source: 'pdf', header: GROUPED_HEADER, rows: GROUPED_ROWS },
      { source: 'pdf', header: SECOND_HEADER, rows: SECOND_ROWS },
    ]);
    const texts = output.blocks.flatMap((block) => (block.kind === 'table' ? [] : [block]));
    expect(texts.map((block) => ('text' in block ? block.text : ''))).toEqual([
      'Table 1. Arrests by sex and age (thousands)',
      '1 Includes identity fraud.',
      'Table 2. Balances at year end',
    ]);
  });
});
