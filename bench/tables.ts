// Table set benchmark: `npm run bench:tables`. Prints tables; never part of `npm test`.
// The documents of tests/fixtures/table-set (statistical releases, annual reports, forms, written
// in the styles of real publications) rendered as PDFs in each publisher's look: the share of
// their rows that reach the text intact (as ../shared/eval/score-reading.py counts them) and that
// come out cell for cell as table rows, beside `pdftotext -layout` in the same run. Then the
// offline extractor on the same tables as CSV, Word and PDF files: the share of the cells of the
// columns a user asks for that it reproduces (bench/tables-offline.ts).
//   --show ID[:STYLE]   print our Markdown for one document
//   --save DIR          write the PDFs to DIR
//   --misses            list the rows not found as table rows
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildDocument } from '../src/server/extraction/read/build-document';
import { readPdf } from '../src/server/extraction/read/formats/pdf';
import type { OcrEngine } from '../src/server/extraction/read/types';
import { expectedRows, TABLE_SET } from '../tests/fixtures/table-set/catalogue';
import { renderPdf } from '../tests/fixtures/table-set/pdf-render';
import { STYLES } from '../tests/fixtures/table-set/styles';
import { intactRows, missingRows } from '../tests/support/table-scores';
import { testReadLimits } from '../tests/support/read-limits';
import { offlineScores } from './tables-offline';
import { printTable } from './print-table';

const noOcr: OcrEngine = { recognize: () => Promise.reject(new Error('no scans in this set')) };
const limits = testReadLimits({ maxPdfPages: 10 });
const args = process.argv.slice(2);
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);

function pdftotext(bytes: Uint8Array, folder: string): string | null {
  const file = join(folder, 'page.pdf');
  writeFileSync(file, bytes);
  const run = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout : null;
}

type Score = { intact: number; asRows: number; peer: number | null; total: number };

async function scoreOne(
  bytes: Uint8Array,
  [rows, full]: [string[][], string[][]],
  folder: string,
): Promise<Score & { markdown: string; missing: string[][] }> {
  const output = await readPdf({
    bytes,
    fileName: null,
    mimeType: 'application/pdf',
    limits,
    ocr: noOcr,
  });
  const built = buildDocument(output.blocks, limits.maxCharacters);
  const tables = built.tables.map((table) => [table.header, ...table.rows]);
  const ours = intactRows(rows, built.markdown);
  const peerText = pdftotext(bytes, folder);
  return {
    intact: ours.intact,
    asRows: full.length - missingRows(full, tables).length,
    missing: missingRows(full, tables),
    peer: peerText === null ? null : intactRows(rows, peerText).intact,
    total: ours.total,
    markdown: built.markdown,
  };
}

const pct = (part: number, whole: number) => `${((100 * part) / Math.max(whole, 1)).toFixed(1)}%`;

async function main() {
  const folder = mkdtempSync(join(tmpdir(), 'bench-tables-'));
  const save = option('--save');
  const show = option('--show');
  if (save) mkdirSync(save, { recursive: true });
  const lines: string[][] = [];
  const sum: Score = { intact: 0, asRows: 0, peer: 0, total: 0 };
  for (const document of TABLE_SET) {
    const rows = expectedRows(document);
    const doc: Score = { intact: 0, asRows: 0, peer: 0, total: 0 };
    for (const style of STYLES) {
      const bytes = await renderPdf(document, style);
      if (save) writeFileSync(join(save, `${document.id}-${style.name}.pdf`), bytes);
      const score = await scoreOne(bytes, [rows, expectedRows(document, true)], folder);
      if (show === document.id || show === `${document.id}:${style.name}`)
        console.log(`--- ${document.id} (${style.name})\n${score.markdown}\n`);
      if (args.includes('--misses'))
        for (const row of score.missing)
          console.log(`miss ${document.id}:${style.name} ${row.join(' | ')}`);
      doc.intact += score.intact;
      doc.asRows += score.asRows;
      doc.peer = score.peer === null || doc.peer === null ? null : doc.peer + score.peer;
      doc.total += score.total;
    }
    lines.push([
      document.id,
      document.kinds.join(', '),
      `${doc.intact}/${doc.total}`,
      pct(doc.intact, doc.total),
      pct(doc.asRows, doc.total),
      doc.peer === null ? '-' : pct(doc.peer, doc.total),
    ]);
    sum.intact += doc.intact;
    sum.asRows += doc.asRows;
    sum.peer = doc.peer === null || sum.peer === null ? null : sum.peer + doc.peer;
    sum.total += doc.total;
  }
  lines.push([
    'all',
    `${TABLE_SET.length} documents × ${STYLES.length} styles`,
    `${sum.intact}/${sum.total}`,
    pct(sum.intact, sum.total),
    pct(sum.asRows, sum.total),
    sum.peer === null ? '-' : pct(sum.peer, sum.total),
  ]);
  printTable(
    ['document', 'kinds', 'rows intact', 'share', 'as table rows', 'pdftotext -layout'],
    lines,
  );
  rmSync(folder, { recursive: true, force: true });
  if (!args.includes('--reading-only')) printTable(...(await offlineScores()));
}

await main();
