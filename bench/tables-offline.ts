// The offline extractor on the table set (for bench/tables.ts): each document as a CSV export
// (one file per table), a Word file and a PDF in each publisher's look, read by our readers, then
// extracted without a model for the columns a user would ask for (named as a user types them:
// "female (percent)", "Population estimate 2024"). A cell counts when the row it belongs to is
// found in order and the value is the table's (footnote marks may be raised or plain).
import { readCsv } from '../src/server/extraction/read/formats/csv';
import { readDocx } from '../src/server/extraction/read/formats/docx';
import { readPdf } from '../src/server/extraction/read/formats/pdf';
import type { Block, OcrEngine, ReaderInput } from '../src/server/extraction/read/types';
import { offlineExtract } from '../src/server/extraction/extract/offline-extract';
import { TABLE_SET } from '../tests/fixtures/table-set/catalogue';
import { renderCsv, renderDocx } from '../tests/fixtures/table-set/file-render';
import { renderPdf } from '../tests/fixtures/table-set/pdf-render';
import { STYLES } from '../tests/fixtures/table-set/styles';
import type { SetDocument, SetTable } from '../tests/fixtures/table-set/types';
import { documentFromBlocks } from '../tests/support/documents';
import { testReadLimits } from '../tests/support/read-limits';
import { sameCell } from '../tests/support/table-scores';

const noOcr: OcrEngine = { recognize: () => Promise.reject(new Error('no scans in this set')) };
type Found = Record<string, string | null>;

const input = (bytes: Uint8Array, mimeType: string): ReaderInput => ({
  bytes,
  mimeType,
  fileName: null,
  limits: testReadLimits({ maxPdfPages: 10 }),
  ocr: noOcr,
});

/** The values the user's columns should get from each row with figures, in document order. */
function expected(document: SetDocument, tables: SetTable[]): string[][] {
  return tables.flatMap((table) =>
    table.rows
      .filter((row) => row.cells.length > 0)
      .map((row) =>
        document.ask.map(({ column }) => (column === 0 ? row.label : row.cells[column - 1]!)),
      ),
  );
}

/** Cells reproduced: each expected row is looked for from the last one found, by its first value. */
function reproduced(rows: string[][], found: Found[], names: string[]): number {
  let cursor = 0;
  let count = 0;
  for (const row of rows) {
    const at = found.findIndex(
      (candidate, i) => i >= cursor && sameCell(row[0]!, candidate[names[0]!]),
    );
    if (at < 0) continue;
    cursor = at + 1;
    count += row.filter((value, c) => sameCell(value, found[at]![names[c]!])).length;
  }
  return count;
}

function extracted(document: SetDocument, blocks: Block[]): Found[] {
  const columns = document.ask.map(({ name }) => ({ name, type: 'text' as const }));
  return offlineExtract({ document: documentFromBlocks(blocks), columns }).rows;
}

type Tally = { cells: number; total: number };

async function score(document: SetDocument, format: string): Promise<Tally> {
  const names = document.ask.map(({ name }) => name);
  const tally = (rows: string[][], found: Found[]) => ({
    cells: reproduced(rows, found, names),
    total: rows.length * names.length,
  });
  if (format === 'CSV') {
    const parts = await Promise.all(
      document.tables.map(async (table) => {
        const output = await readCsv(input(new TextEncoder().encode(renderCsv(table)), 'text/csv'));
        return tally(expected(document, [table]), extracted(document, output.blocks));
      }),
    );
    return {
      cells: parts.reduce((s, p) => s + p.cells, 0),
      total: parts.reduce((s, p) => s + p.total, 0),
    };
  }
  const rows = expected(document, document.tables);
  if (format === 'Word') {
    const output = await readDocx(input(await renderDocx(document), 'application/octet-stream'));
    return tally(rows, extracted(document, output.blocks));
  }
  const sum: Tally = { cells: 0, total: 0 };
  for (const style of STYLES) {
    const output = await readPdf(input(await renderPdf(document, style), 'application/pdf'));
    const part = tally(rows, extracted(document, output.blocks));
    sum.cells += part.cells;
    sum.total += part.total;
  }
  return sum;
}

const pct = (t: Tally) => `${((100 * t.cells) / Math.max(t.total, 1)).toFixed(1)}%`;

/** One line per document, cells reproduced per format; the last line adds them up. */
export async function offlineScores(): Promise<[string[], string[][]]> {
  const formats = ['CSV', 'Word', 'PDF'];
  const sums = formats.map(() => ({ cells: 0, total: 0 }));
  const lines: string[][] = [];
  for (const document of TABLE_SET) {
    const tallies = await Promise.all(formats.map((format) => score(document, format)));
    tallies.forEach((t, i) => {
      sums[i]!.cells += t.cells;
      sums[i]!.total += t.total;
    });
    lines.push([document.id, document.ask.map((a) => a.name).join('; '), ...tallies.map(pct)]);
  }
  lines.push(['all', 'cells reproduced', ...sums.map((t) => `${pct(t)} (${t.cells}/${t.total})`)]);
  return [['document (offline extraction)', 'columns asked for', ...formats], lines];
}
