// Reading benchmark: `npm run bench:read`. Prints one table; never part of `npm test`.
// PDF text pages per second, read in this thread and through the read pool (a worker thread with
// its memory cap, as the server reads), beside the same PDF through poppler's `pdftotext -layout`
// when installed (the process, start included, as a person would run it). The readers take turns
// for several rounds, so that a busy moment of the machine falls on all of them, and each figure is
// the median of its rounds. Also milliseconds per HTML page, OCR seconds per image, peak memory.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseEnv } from '../src/server/env';
import { readSettingsFromEnv } from '../src/server/extraction/read-settings';
import { readHtml } from '../src/server/extraction/read/formats/html';
import { readImage } from '../src/server/extraction/read/formats/image';
import { createTesseractOcr } from '../src/server/extraction/read/ocr-engine';
import { readPdf } from '../src/server/extraction/read/formats/pdf';
import {
  createReadPool,
  readPoolOptionsFromEnv,
} from '../src/server/extraction/read/pool/read-pool';
import type { OcrEngine, ReadLimits } from '../src/server/extraction/read/types';
import { testReadLimits } from '../tests/support/read-limits';

const PDF_PAGES = 40;
const PDF_ROUNDS = 15;
const HTML_RUNS = 20;
const OCR_RUNS = 5;

async function makeTablePdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < pages; p += 1) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`Ledger page ${p + 1}`, { x: 50, y: 800, size: 16, font });
    ['Date', 'Description', 'Amount', 'Balance'].forEach((h, i) =>
      page.drawText(h, { x: 50 + i * 130, y: 770, size: 10, font }),
    );
    for (let r = 0; r < 40; r += 1) {
      const n = p * 40 + r;
      const cells = [
        `2026-0${(n % 9) + 1}-1${n % 10}`,
        `Payment ${n} to supplier`,
        (n * 3.17).toFixed(2),
        (10000 - n).toFixed(2),
      ];
      cells.forEach((c, i) =>
        page.drawText(c, { x: 50 + i * 130, y: 750 - r * 17, size: 10, font }),
      );
    }
  }
  return pdf.save();
}

function makeHtml(rows: number): Uint8Array {
  const body = Array.from(
    { length: rows },
    (_, i) => `<tr><td>Event ${i}</td><td>2026-05-${(i % 28) + 1}</td><td>Hall ${i % 7}</td></tr>`,
  ).join('');
  const nav = Array.from({ length: 40 }, (_, i) => `<li><a href="/n${i}">Link ${i}</a></li>`).join(
    '',
  );
  return new TextEncoder().encode(
    `<!doctype html><html><head><title>Events</title></head><body><nav><ul>${nav}</ul></nav><main><h1>Events</h1><p>${'Our programme for the season. '.repeat(30)}</p><table><thead><tr><th>Event</th><th>Date</th><th>Place</th></tr></thead><tbody>${body}</tbody></table></main><footer>© Example</footer></body></html>`,
  );
}

function makeReceiptPng(): Uint8Array {
  const canvas = createCanvas(900, 500);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 900, 500);
  ctx.fillStyle = '#000';
  ctx.font = '30px sans-serif';
  [
    'CORNER CAFE',
    'Flat white 2 6.80',
    'Croissant 1 3.20',
    'Sparkling water 1 1.90',
    'TOTAL 11.90',
  ].forEach((line, i) => ctx.fillText(line, 40, 70 + i * 80));
  return canvas.toBuffer('image/png');
}

const limits = (pages: number): ReadLimits =>
  testReadLimits({
    maxPdfPages: pages,
    maxUncompressedBytes: 1e9,
    maxCharacters: 1e8,
    maxTableRows: 1e6,
  });

async function time<T>(run: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await run();
  return [result, performance.now() - start];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const pagesPerSecond = (ms: number[]) => (PDF_PAGES / (median(ms) / 1000)).toFixed(1);

function runPdftotext(file: string): number {
  const start = performance.now();
  execFileSync('pdftotext', ['-layout', file, '-'], { maxBuffer: 1 << 28 });
  return performance.now() - start;
}

/** Milliseconds per round for each reader, the readers taking turns. */
async function measurePdf(
  bytes: Uint8Array,
  input: { fileName: null; ocr: OcrEngine; limits: ReadLimits },
) {
  const env = parseEnv({});
  const settings = { limits: input.limits, pdfMaxBytes: readSettingsFromEnv(env).pdfMaxBytes };
  const pool = createReadPool({
    ...readPoolOptionsFromEnv(env),
    concurrency: 1,
    queueLimit: 1,
    timeoutMs: 600_000,
  });
  const readPooled = () =>
    pool.read({
      input: {
        kind: 'bytes',
        bytes: bytes.slice(), // the pool hands its buffer over to the worker
        sourceType: 'file',
        fileName: 'ledger.pdf',
        nameForDetection: 'ledger.pdf',
        mimeType: 'application/pdf',
        url: null,
        warnings: [],
      },
      settings,
    });
  const hasPdftotext = spawnSync('pdftotext', ['-v']).status === 0;
  const dir = mkdtempSync(join(tmpdir(), 'bench-read-'));
  const file = join(dir, 'ledger.pdf');
  writeFileSync(file, bytes);
  const readHere = () => readPdf({ ...input, bytes, mimeType: 'application/pdf' });
  // Warm-up: each reader once, so no round pays for loading code or starting a thread.
  const first = await readHere();
  await readPooled();
  if (hasPdftotext) runPdftotext(file);
  const inThread: number[] = [];
  const pooled: number[] = [];
  const poppler: number[] = [];
  for (let round = 0; round < PDF_ROUNDS; round += 1) {
    inThread.push((await time(readHere))[1]);
    pooled.push((await time(readPooled))[1]);
    if (hasPdftotext) poppler.push(runPdftotext(file));
  }
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
  const tableRows = first.blocks.reduce(
    (sum, b) => sum + (b.kind === 'table' ? b.table.rows.length : 0),
    0,
  );
  return { inThread, pooled, poppler: hasPdftotext ? poppler : null, tableRows };
}

async function main() {
  const ocr = createTesseractOcr();
  const rows: [string, string, string][] = [];
  const input = { fileName: null, ocr, limits: limits(PDF_PAGES) };

  const pdfBytes = await makeTablePdf(PDF_PAGES);
  const pdf = await measurePdf(pdfBytes, input);
  rows.push([
    'PDF text (Rowsmith, in this thread)',
    `${pagesPerSecond(pdf.inThread)} pages/s`,
    `${PDF_PAGES} pages, ${pdf.tableRows} of ${PDF_PAGES * 40} rows as table rows; median of ${PDF_ROUNDS}`,
  ]);
  rows.push([
    'PDF text (Rowsmith, through the read pool)',
    `${pagesPerSecond(pdf.pooled)} pages/s`,
    'a worker thread with its memory cap, as the server reads',
  ]);
  if (pdf.poppler === null) {
    rows.push([
      'PDF text (pdftotext)',
      'not installed',
      'apt-get install poppler-utils for the baseline',
    ]);
  } else {
    const ratio = (ms: number[]) => (median(ms) / median(pdf.poppler!)).toFixed(2);
    rows.push([
      'PDF text (pdftotext -layout)',
      `${pagesPerSecond(pdf.poppler)} pages/s`,
      `time per page, Rowsmith/pdftotext: ${ratio(pdf.pooled)}x through the pool, ${ratio(pdf.inThread)}x in this thread (target at most 2x)`,
    ]);
  }

  const html = makeHtml(500);
  await readHtml({ ...input, bytes: html, mimeType: 'text/html' });
  const [, htmlMs] = await time(async () => {
    for (let i = 0; i < HTML_RUNS; i += 1)
      await readHtml({ ...input, bytes: html, mimeType: 'text/html' });
  });
  rows.push([
    'HTML page (500-row table, nav clutter)',
    `${(htmlMs / HTML_RUNS).toFixed(1)} ms/page`,
    `${(html.byteLength / 1024).toFixed(0)} KB each, ${HTML_RUNS} runs`,
  ]);

  const png = makeReceiptPng();
  const [, coldMs] = await time(() => readImage({ ...input, bytes: png, mimeType: 'image/png' }));
  const [, warmMs] = await time(async () => {
    for (let i = 0; i < OCR_RUNS; i += 1)
      await readImage({ ...input, bytes: png, mimeType: 'image/png' });
  });
  rows.push([
    'OCR, clean receipt image (first, with engine start)',
    `${(coldMs / 1000).toFixed(2)} s/image`,
    '900x500 PNG',
  ]);
  rows.push([
    'OCR, clean receipt image (warm)',
    `${(warmMs / OCR_RUNS / 1000).toFixed(2)} s/image`,
    `${OCR_RUNS} runs; target under 2 s`,
  ]);
  await ocr.terminate();

  rows.push([
    'Peak memory (max RSS)',
    `${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
    'whole benchmark process',
  ]);

  const widths = [0, 1, 2].map((i) =>
    Math.max(...rows.map((r) => r[i]!.length), ['what', 'figure', 'notes'][i]!.length),
  );
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(['what', 'figure', 'notes']));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

await main();
