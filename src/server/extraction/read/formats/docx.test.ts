import { describe, expect, it } from 'vitest';
import {
  makeRandomBytes,
  makeReportDocx,
  makeSpreadsheetZip,
  makeTruncatedDocx,
} from '../../../../../tests/fixtures/docx-fixtures';
import { readerInput } from '../../../../../tests/fixtures/text-fixtures';
import { AppError } from '../../../../shared/errors';
import { readDocx } from './docx';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const readWord = (bytes: Uint8Array, maxUncompressedBytes?: number) =>
  readDocx(
    readerInput(bytes, {
      fileName: 'report.docx',
      mimeType: DOCX_MIME,
      limits: maxUncompressedBytes ? { maxUncompressedBytes } : {},
    }),
  );

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe('readDocx', () => {
  it('reads headings, paragraphs, the list and the table with its merged cells', async () => {
    const output = await readWord(await makeReportDocx());

    expect(output.title).toBe('Nordic Sales Report');
    expect(output.blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Nordic Sales Report' },
      {
        kind: 'paragraph',
        text: 'Revenue grew **12 percent** in the first half of 2024, led by the northern offices.',
      },
      { kind: 'heading', level: 2, text: 'Highlights' },
      {
        kind: 'list',
        isOrdered: false,
        items: [
          'Oslo signed three new wholesale customers',
          'Bergen reopened after renovation',
          'Malmö missed its Q2 target',
        ],
      },
      { kind: 'heading', level: 2, text: 'Revenue by office' },
      {
        kind: 'table',
        table: {
          name: null,
          source: 'docx',
          header: ['Region', 'Office', 'Revenue (k€) Q1', 'Revenue (k€) Q2'],
          rows: [
            ['North', 'Oslo', '410', '455'],
            ['North', 'Bergen', '230', '262'],
            ['South', 'Malmö', '318', '301'],
          ],
        },
      },
      { kind: 'paragraph', text: 'Figures are unaudited and in thousands of euros.' },
    ]);
  });

  it('refuses a document that unpacks to more than the limit', async () => {
    const error = await errorOf(readWord(await makeReportDocx(), 1000));
    expect(error.code).toBe('ARCHIVE_TOO_LARGE');
  });

  it.each([
    ['a truncated document', makeTruncatedDocx],
    ['random bytes', () => Promise.resolve(makeRandomBytes())],
    ['an empty file', () => Promise.resolve(new Uint8Array())],
    ['a zip that is not a Word document', makeSpreadsheetZip],
  ])('refuses %s as damaged or not a Word document', async (_, make) => {
    const error = await errorOf(readWord(await make()));
    expect(error.code).toBe('FILE_PROCESSING_FAILED');
    expect(error.message).toBe(
      'Failed to process file: the file is damaged or is not a Word document.',
    );
  });
});
