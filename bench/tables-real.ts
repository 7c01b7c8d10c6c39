// The offline extractor on real PDF tables (issue 30 point 4): the tables of
// ../shared/eval/pdf-tables (TABLES_DIR elsewhere) whose header is one row, read as the CLI reads
// a PDF (pages up to the table's last one), then extracted without a model for the header's names
// as a user would type them. A cell counts when its row is found after the last row found and the
// value is the table's, spaces and case aside. A second check, not a target: releases are judged
// on other tables of the same kinds.
//
//   npm run bench:tables-real [-- --misses]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Papa from 'papaparse';
import { offlineExtract } from '../src/server/extraction/extract/offline-extract';
import { readPdf } from '../src/server/extraction/read/formats/pdf';
import type { OcrEngine } from '../src/server/extraction/read/types';
import { documentFromBlocks } from '../tests/support/documents';
import { testReadLimits } from '../tests/support/read-limits';
import { sameCell } from '../tests/support/table-scores';
import { printTable } from './print-table';

const DIR = process.env.TABLES_DIR ?? join(import.meta.dirname, '../../shared/eval/pdf-tables');
const showMisses = process.argv.includes('--misses');
const noOcr: OcrEngine = { recognize: () => Promise.reject(new Error('not a scan')) };

type Entry = {
  id: string;
  pdf: string;
  pages: number[];
  expected: string;
  default_params: boolean;
};
type Found = Record<string, string | null>;

/** The expected grid: RFC 4180 CSV, cells with commas and newlines quoted. */
const parseCsv = (text: string) => Papa.parse<string[]>(text, { skipEmptyLines: false }).data;

const isNumeric = (cell: string) => /^[-+(]?[\d.,\s%$€£]+\)?$/.test(cell.trim());

/** A header of one row: every cell named, none a figure, and names not repeated. */
function oneRowHeader(rows: string[][]): string[] | null {
  const header = rows[0]?.map((cell) => cell.replace(/\s+/g, ' ').trim());
  if (!header || header.length < 2 || rows.length < 3) return null;
  if (header.some((cell) => cell === '' || isNumeric(cell))) return null;
  if (new Set(header.map((h) => h.toLowerCase())).size !== header.length) return null;
  return header;
}

/** Cells reproduced, each expected row matched to the best row after the last one matched. */
function reproduced(rows: string[][], found: Found[], names: string[]) {
  let cursor = 0;
  let cells = 0;
  const missed: string[] = [];
  for (const row of rows) {
    let best = -1;
    let bestCount = 0;
    for (let at = cursor; at < found.length; at++) {
      const count = row.filter(
        (value, c) => value !== '' && sameCell(value, found[at]![names[c]!]),
      ).length;
      if (count > bestCount) {
        best = at;
        bestCount = count;
      }
      if (count === row.length) break;
    }
    const filled = row.filter(Boolean).length;
    if (best >= 0 && bestCount >= Math.min(2, filled)) {
      cursor = best + 1;
      cells += bestCount;
      if (bestCount < filled)
        missed.push(
          `    ${row.join(' | ')}\n    got ${names.map((n) => found[best]![n] ?? '∅').join(' | ')}`,
        );
    } else missed.push(`    ${row.join(' | ')}\n    (no row)`);
  }
  return { cells, missed };
}

async function main() {
  const manifest = join(DIR, 'manifest.json');
  if (!existsSync(manifest)) {
    console.log(`No real tables at ${DIR} (TABLES_DIR): nothing to score.`);
    return;
  }
  const entries = (JSON.parse(readFileSync(manifest, 'utf8')) as { entries: Entry[] }).entries;
  const lines: string[][] = [];
  let cells = 0;
  let total = 0;
  let tables = 0;
  for (const entry of entries) {
    if (!entry.default_params || Math.max(...entry.pages) > 5) continue;
    const grid = parseCsv(readFileSync(join(DIR, entry.expected), 'utf8')).filter((row) =>
      row.some((cell) => cell.trim() !== ''),
    );
    const header = oneRowHeader(grid);
    if (!header) continue;
    const rows = grid.slice(1).map((row) => header.map((_, c) => (row[c] ?? '').trim()));
    const counted = rows.filter((row) => row.some(Boolean));
    const started = performance.now();
    const output = await readPdf({
      bytes: new Uint8Array(readFileSync(join(DIR, entry.pdf))),
      mimeType: 'application/pdf',
      fileName: null,
      limits: testReadLimits({ maxPdfPages: Math.max(...entry.pages) }),
      ocr: noOcr,
    });
    const columns = header.map((name) => ({ name, type: 'text' as const }));
    const found = offlineExtract({ document: documentFromBlocks(output.blocks), columns }).rows;
    const seconds = (performance.now() - started) / 1000;
    const expectedCells = counted.reduce((s, row) => s + row.filter(Boolean).length, 0);
    const score = reproduced(counted, found, header);
    const filled = score.cells;
    tables++;
    cells += filled;
    total += expectedCells;
    lines.push([
      entry.id,
      String(header.length),
      String(counted.length),
      String(found.length),
      `${((100 * filled) / Math.max(expectedCells, 1)).toFixed(1)}%`,
      `${seconds.toFixed(2)} s`,
    ]);
    if (showMisses && score.missed.length > 0) {
      console.log(
        `${entry.id} (${entry.pdf} pages ${entry.pages.join(',')}): ${header.join(' | ')}`,
      );
      console.log(score.missed.slice(0, 8).join('\n'));
    }
  }
  lines.push([
    'all',
    '',
    '',
    '',
    `${((100 * cells) / Math.max(total, 1)).toFixed(1)}% (${cells}/${total})`,
    '',
  ]);
  printTable(
    [
      `real PDF tables, header of one row (${tables})`,
      'columns',
      'rows',
      'rows found',
      'cells',
      'time',
    ],
    lines,
  );
}

await main();
