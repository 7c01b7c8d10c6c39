// OCR tables benchmark: `npm run bench:ocr-tables`. Prints one table; never part of `npm test`.
// Tables that only exist as pixels (a 150 dpi scan with noise, a receipt photo, a scanned PDF
// page): how many of their rows come out as rows of a table, and how many reach the text intact
// (cells in order on one line, as ../shared/eval/score-reading.py counts them), for the word-box
// layout beside OCR's own text (what the reader gave before) measured in the same run.
import { testReadLimits } from '../tests/support/read-limits';
import { readImage } from '../src/server/extraction/read/formats/image';
import { createTesseractOcr } from '../src/server/extraction/read/ocr-engine';
import { readPdf } from '../src/server/extraction/read/formats/pdf';
import { buildDocument } from '../src/server/extraction/read/build-document';
import type { ReadOutput, ReaderInput } from '../src/server/extraction/read/types';
import {
  INVOICE_SCAN_HEADER,
  INVOICE_SCAN_ROWS,
  RECEIPT_ITEMS,
  SCAN_HEADER,
  SCAN_ROWS,
  makeColumnReceiptPng,
  makeInvoiceScanPng,
  makeScannedTablePdf,
  makeTableScanPng,
} from '../tests/fixtures/scan-fixtures';

const norm = (text: string) =>
  text
    .replace(/[*_`#>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Rows whose cells appear in order within one line (or a window of three, for wrapped cells). */
function intactRows(rows: string[][], text: string): number {
  const lines = text.split('\n').map(norm).filter(Boolean);
  return rows.filter((row) => {
    const cells = row.map(norm).filter(Boolean);
    return lines.some((_, i) => {
      const window = lines.slice(i, i + 3).join(' ');
      let at = 0;
      for (const cell of cells) {
        at = window.indexOf(cell, at);
        if (at < 0) return false;
        at += cell.length;
      }
      return true;
    });
  }).length;
}

/** Rows found, cell for cell, as a row of a table block. */
function tableRows(rows: string[][], output: ReadOutput): number {
  const found = output.blocks.flatMap((block) =>
    block.kind === 'table' ? [block.table.header, ...block.table.rows] : [],
  );
  const key = (row: string[]) => row.map(norm).join('\u0000');
  const keys = new Set(found.map(key));
  return rows.filter((row) => keys.has(key(row))).length;
}

async function main() {
  const ocr = createTesseractOcr();
  const limits = testReadLimits({
    maxUncompressedBytes: 1e9,
    maxCharacters: 1e7,
    maxTableRows: 1e6,
  });
  const cases = [
    {
      name: 'Table scan, 150 dpi PNG with noise',
      rows: [SCAN_HEADER, ...SCAN_ROWS],
      bytes: await makeTableScanPng(),
      mimeType: 'image/png',
    },
    {
      name: 'Invoice scan, wrapped descriptions',
      rows: [INVOICE_SCAN_HEADER, ...INVOICE_SCAN_ROWS],
      bytes: await makeInvoiceScanPng(),
      mimeType: 'image/png',
    },
    {
      name: 'Receipt photo, prices in columns',
      rows: [['Item', 'Qty', 'Price'], ...RECEIPT_ITEMS],
      bytes: await makeColumnReceiptPng(),
      mimeType: 'image/png',
    },
    {
      name: 'Scanned PDF page (no text layer)',
      rows: [SCAN_HEADER, ...SCAN_ROWS],
      bytes: await makeScannedTablePdf(),
      mimeType: 'application/pdf',
    },
  ];
  const lines: string[][] = [];
  for (const test of cases) {
    const input: ReaderInput = {
      bytes: test.bytes,
      mimeType: test.mimeType,
      fileName: null,
      limits,
      ocr,
    };
    const started = performance.now();
    const output =
      test.mimeType === 'application/pdf' ? await readPdf(input) : await readImage(input);
    const seconds = (performance.now() - started) / 1000;
    const markdown = buildDocument(output.blocks, limits.maxCharacters).markdown;
    const plain = (
      await ocr.recognize(
        test.mimeType === 'application/pdf' ? output.images![0]!.bytes : test.bytes,
      )
    ).text;
    const total = test.rows.length;
    lines.push([
      test.name,
      `${tableRows(test.rows, output)}/${total}`,
      `${intactRows(test.rows, markdown)}/${total}`,
      `${intactRows(test.rows, plain)}/${total}`,
      `${seconds.toFixed(2)} s`,
    ]);
  }
  await ocr.terminate();
  const head = [
    'image',
    'rows as table rows',
    'rows intact (layout)',
    'rows intact (OCR text)',
    'read time',
  ];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of lines) console.log(line(row));
}

await main();
