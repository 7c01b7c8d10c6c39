// Receipt images benchmark: `npm run bench:receipts`. Prints tables; never part of `npm test`.
// Three sets, each read by the image reader with no clean-up before OCR (plain OCR) and with the
// steps kept, then with each kept step left out and each dropped step added, and each step alone,
// so that a step that helps one set is seen on the others too (issue 30):
//   - photos: receipts and invoices we draw, photographed badly (tests/fixtures/receipt-photos.ts);
//   - scans: the same kinds we draw as a flatbed scans them: upright, faded thermal print, 150–300
//     dpi, JPEG (tests/fixtures/receipt-scans.ts);
//   - real scans: ../shared/eval/receipts (real SROIE scans; RECEIPTS_DIR to point elsewhere),
//     when present: a second check, not a target.
// Each set is also read by the tesseract command line when it is installed (Debian's
// tesseract-ocr), for its key fields and its time per image beside ours. A key field (merchant,
// date, address, total) is found when its value appears in the text read, case and runs of spaces
// folded, as ../shared/eval/score-receipts.py counts it.
// BENCH_RECEIPTS=n draws n photos and scans; BENCH_ONLY=ablation|alone|none runs one set of extra
// rows or neither; BENCH_SETS=photos,scans,real picks the sets.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { printTable } from './print-table';
import { testReadLimits } from '../tests/support/read-limits';
import { makeReceiptPhotos } from '../tests/fixtures/receipt-photos';
import { makeReceiptScans } from '../tests/fixtures/receipt-scans';
import { readImageWith } from '../src/server/extraction/read/formats/image';
import { createTesseractOcr } from '../src/server/extraction/read/ocr-engine';
import { ALL_STEPS, type CleanUpStep } from '../src/server/extraction/read/photo/clean-up';
import { KEPT_STEPS } from '../src/server/extraction/read/photo/read-photo';
import type { OcrEngine } from '../src/server/extraction/read/types';

const FIELDS = ['merchant', 'date', 'address', 'total'] as const;
type Field = (typeof FIELDS)[number];

type Sample = {
  name: string;
  bytes: Uint8Array;
  mimeType: string;
  fields: Record<Field, string>;
  /** What the image is like (its degradations, its print), for the table by kind. */
  kinds: string[];
};

type Score = {
  found: Record<Field, number>;
  images: number;
  seconds: number;
  ocrRuns: number | null;
  perImage: boolean[];
};

const fold = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
const run = promisify(execFile);

async function photos(count: number): Promise<Sample[]> {
  return (await makeReceiptPhotos(count)).map((photo) => {
    const isTurned =
      photo.degradations.includes('sideways') || photo.degradations.includes('upside down');
    return {
      name: photo.name,
      bytes: photo.bytes,
      mimeType: photo.mimeType,
      fields: photo,
      kinds: [...photo.degradations, isTurned ? 'turned' : 'not turned'],
    };
  });
}

async function scans(count: number): Promise<Sample[]> {
  return (await makeReceiptScans(count)).map((scan) => ({
    name: scan.name,
    bytes: scan.bytes,
    mimeType: scan.mimeType,
    fields: scan,
    kinds: scan.kinds,
  }));
}

function realScans(): Sample[] | null {
  const dir = process.env.RECEIPTS_DIR ?? join(import.meta.dirname, '../../shared/eval/receipts');
  if (!existsSync(join(dir, 'manifest.json'))) return null;
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    receipts: string[];
  };
  return manifest.receipts.map((stem) => {
    const key = JSON.parse(readFileSync(join(dir, 'key', `${stem}.json`), 'utf8')) as Record<
      string,
      string
    >;
    return {
      name: stem,
      bytes: new Uint8Array(readFileSync(join(dir, 'img', `${stem}.jpg`))),
      mimeType: 'image/jpeg',
      fields: {
        merchant: key.company ?? '',
        date: key.date ?? '',
        address: key.address ?? '',
        total: key.total ?? '',
      },
      kinds: ['real scan'],
    };
  });
}

/** The engine, counting its runs (a poor reading is tried other ways round). */
function counted(ocr: OcrEngine) {
  const counter = { runs: 0 };
  const engine: OcrEngine = {
    recognize: (image, signal) => {
      counter.runs += 1;
      return ocr.recognize(image, signal);
    },
  };
  return { engine, counter };
}

function tally(samples: Sample[], texts: string[], seconds: number, ocrRuns: number | null) {
  const found: Record<Field, number> = { merchant: 0, date: 0, address: 0, total: 0 };
  const perImage = samples.map((sample, i) => {
    const text = fold(texts[i] ?? '');
    const hits = FIELDS.map((field) => text.includes(fold(sample.fields[field])));
    FIELDS.forEach((field, j) => (found[field] += hits[j] ? 1 : 0));
    return hits.every(Boolean);
  });
  return { found, images: samples.length, seconds, ocrRuns, perImage };
}

async function ours(ocr: OcrEngine, samples: Sample[], steps: ReadonlySet<CleanUpStep>) {
  const limits = testReadLimits({ maxCharacters: 1e6, maxTableRows: 1e5 });
  const { engine, counter } = counted(ocr);
  const texts: string[] = [];
  const started = performance.now();
  for (const sample of samples) {
    const output = await readImageWith(steps, {
      bytes: sample.bytes,
      mimeType: sample.mimeType,
      fileName: null,
      limits,
      ocr: engine,
    });
    texts.push(output.images?.[0]?.ocrText ?? '');
  }
  const seconds = (performance.now() - started) / 1000;
  return tally(samples, texts, seconds, counter.runs);
}

/** The tesseract command line on each image, as a file, timed; null when it is not installed. */
async function tesseract(samples: Sample[]): Promise<Score | null> {
  const installed = await run('tesseract', ['--version']).then(
    () => true,
    () => false,
  );
  if (!installed) return null;
  const dir = mkdtempSync(join(tmpdir(), 'rowsmith-receipts-'));
  try {
    const texts: string[] = [];
    let seconds = 0;
    for (const [i, sample] of samples.entries()) {
      const file = join(dir, `${i}.${sample.mimeType === 'image/png' ? 'png' : 'jpg'}`);
      writeFileSync(file, sample.bytes);
      const started = performance.now();
      const { stdout } = await run('tesseract', [file, '-'], { maxBuffer: 1 << 24 });
      seconds += (performance.now() - started) / 1000;
      texts.push(stdout);
    }
    return tally(samples, texts, seconds, null);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} pts`;
const keyFound = (score: Score) => FIELDS.reduce((sum, field) => sum + score.found[field], 0);

function row(name: string, score: Score, baseline?: Score, tesseractScore?: Score | null) {
  const whole = score.images * FIELDS.length;
  const change = baseline
    ? ` (${signed((100 * (keyFound(score) - keyFound(baseline))) / whole)})`
    : '';
  const perImage = score.seconds / score.images;
  const times = tesseractScore
    ? ` (${(perImage / (tesseractScore.seconds / tesseractScore.images)).toFixed(2)}×)`
    : '';
  return [
    name,
    `${percent(keyFound(score), whole)}${change}`,
    ...FIELDS.map((field) => percent(score.found[field], score.images)),
    `${perImage.toFixed(2)} s${times}`,
    score.ocrRuns === null ? '' : (score.ocrRuns / score.images).toFixed(2),
  ];
}

async function measure(ocr: OcrEngine, title: string, samples: Sample[], only: string) {
  console.error(`${title}: ${samples.length} images`);
  const cli = await tesseract(samples);
  const plain = await ours(ocr, samples, new Set());
  const kept = await ours(ocr, samples, KEPT_STEPS);
  const rows = [
    row('none (plain OCR)', plain, undefined, cli),
    row(`kept steps: ${[...KEPT_STEPS].join(', ')}`, kept, plain, cli),
    cli
      ? row('tesseract command line', cli)
      : ['tesseract command line: not installed', '', '', '', '', '', '', ''],
  ];
  if (only === 'all' || only === 'ablation') {
    for (const step of ALL_STEPS) {
      const isKept = KEPT_STEPS.has(step);
      const changed = new Set([...KEPT_STEPS].filter((other) => other !== step));
      if (!isKept) changed.add(step);
      const name = isKept ? `kept steps but ${step}` : `kept steps and ${step}`;
      rows.push(row(name, await ours(ocr, samples, changed), kept, cli));
    }
  }
  if (only === 'all' || only === 'alone') {
    for (const step of ALL_STEPS)
      rows.push(row(`${step} alone`, await ours(ocr, samples, new Set([step])), plain, cli));
  }
  console.log(`\n${title}: ${samples.length} images; key fields: ${FIELDS.join(', ')}`);
  console.log(
    '(changes: against plain OCR; for "kept steps but/and", against the kept steps; time per image, and in brackets against the tesseract command line)\n',
  );
  printTable(['clean-up before OCR', 'key fields', ...FIELDS, 'per image', 'OCR runs'], rows);
  const byKind = new Map<string, { plain: number; kept: number; images: number }>();
  samples.forEach((sample, i) => {
    for (const kind of sample.kinds) {
      const count = byKind.get(kind) ?? { plain: 0, kept: 0, images: 0 };
      count.images += 1;
      count.plain += plain.perImage[i] ? 1 : 0;
      count.kept += kept.perImage[i] ? 1 : 0;
      byKind.set(kind, count);
    }
  });
  if (byKind.size > 1)
    printTable(
      ['images with', 'images', 'all key fields, plain', 'all key fields, kept steps'],
      [...byKind].map(([kind, count]) => [
        kind,
        String(count.images),
        percent(count.plain, count.images),
        percent(count.kept, count.images),
      ]),
    );
}

async function main() {
  const count = process.env.BENCH_RECEIPTS ? Number(process.env.BENCH_RECEIPTS) : undefined;
  const only = process.env.BENCH_ONLY ?? 'all';
  const sets = new Set((process.env.BENCH_SETS ?? 'photos,scans,real').split(','));
  const ocr = createTesseractOcr();
  try {
    if (sets.has('photos')) await measure(ocr, 'Photos we draw', await photos(count ?? 48), only);
    if (sets.has('scans')) await measure(ocr, 'Scans we draw', await scans(count ?? 36), only);
    if (sets.has('real')) {
      const real = realScans();
      if (real) await measure(ocr, 'Real scanned receipts (second check)', real, only);
      else
        console.log('\nReal scanned receipts: ../shared/eval/receipts not found (RECEIPTS_DIR).');
    }
  } finally {
    await ocr.terminate();
  }
}

await main();
