import { describe, expect, it } from 'vitest';
import {
  CONTACT_ROWS,
  PRODUCT_HEADER,
  PRODUCT_ROWS,
  PRODUCT_TWO_ROW_HEADER,
  STAFF_HEADER,
  STAFF_ROWS,
  TOTALS_ROWS,
  YEAR_HEADER,
  YEAR_ROWS,
  makeHeaderCasesDocx,
} from '../../../../../tests/fixtures/docx-table-fixtures';
import { readerInput } from '../../../../../tests/fixtures/text-fixtures';
import { readDocx } from './docx';
import { readTableFacts } from './docx-tables';

const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

async function tablesByCaption() {
  const bytes = await makeHeaderCasesDocx();
  const output = await readDocx(
    readerInput(bytes, { fileName: 'tables.docx', mimeType: DOCX_MIME }),
  );
  const found = new Map<string, { header: string[]; rows: string[][] }>();
  output.blocks.forEach((block, i) => {
    const caption = output.blocks[i - 1];
    if (block.kind === 'table' && caption?.kind === 'paragraph')
      found.set(caption.text, { header: block.table.header, rows: block.table.rows });
  });
  return found;
}

describe('Word table headers', () => {
  it.each([
    ['Repeated header row', PRODUCT_HEADER, PRODUCT_ROWS],
    ['Bold header rows', PRODUCT_TWO_ROW_HEADER, PRODUCT_ROWS],
    ['Shaded header rows', PRODUCT_TWO_ROW_HEADER, PRODUCT_ROWS],
    ['Merged header rows', YEAR_HEADER, YEAR_ROWS],
    ['Header row with a left-out column', YEAR_HEADER, YEAR_ROWS],
    ['Plain first row', STAFF_HEADER, STAFF_ROWS],
  ])('%s: one header name per column, the rest as rows', async (caption, header, rows) => {
    expect((await tablesByCaption()).get(caption)).toEqual({ header, rows });
  });

  it.each([
    ['Totals', TOTALS_ROWS],
    ['Contact', CONTACT_ROWS],
  ])(
    '%s: no header row when the first row is data or every row opens with a label',
    async (caption, rows) => {
      expect((await tablesByCaption()).get(caption)).toEqual({ header: [], rows });
    },
  );

  it('reads which rows repeat as a header, left-out columns and shading from the XML', async () => {
    const facts = await readTableFacts(await makeHeaderCasesDocx());

    expect(facts).toHaveLength(8);
    expect(facts[0]?.map((row) => row.isHeader)).toEqual([true, false, false]);
    expect(facts[2]?.[0]?.cells.every((cell) => cell.isShaded)).toBe(true);
    expect(facts[3]?.[1]?.cells[0]?.isContinuation).toBe(true);
    expect(facts[4]?.[0]).toMatchObject({ gridBefore: 1, gridAfter: 0 });
  });

  it('finds no facts in bytes that are no Word document', async () => {
    expect(await readTableFacts(new Uint8Array([1, 2, 3]))).toEqual([]);
  });
});
