// Receipt photos benchmark: `npm run bench:receipts`. Prints tables; never part of `npm test`.
// Receipts and invoices we draw (tests/fixtures/receipt-photos.ts), photographed badly, read by
// the image reader with no clean-up before OCR (plain OCR, as before issue 23) and with the steps
// kept, then with each kept step left out and each dropped step added (what the step does there),
// and each step alone. A key
// field is found when its value appears in the text read, compared without case or spaces.
// BENCH_RECEIPTS=n reads n photos; BENCH_ONLY=ablation|alone|none runs one set of rows or neither.
import { printTable } from './print-table';
import { testReadLimits } from '../tests/support/read-limits';
import { makeReceiptPhotos, type ReceiptPhoto } from '../tests/fixtures/receipt-photos';
import { readImageWith } from '../src/server/extraction/read/image';
import { createTesseractOcr } from '../src/server/extraction/read/ocr-engine';
import { ALL_STEPS, type CleanUpStep } from '../src/server/extraction/read/photo/clean-up';
import { KEPT_STEPS } from '../src/server/extraction/read/photo/read-photo';
import type { OcrEngine } from '../src/server/extraction/read/types';

const FIELDS = ['merchant', 'date', 'total', 'address'] as const;
const KEY_FIELDS = ['merchant', 'date', 'total'] as const;
type Field = (typeof FIELDS)[number];

const norm = (text: string) => text.toLowerCase().replace(/\s+/g, '');

type Score = {
  found: Record<Field, number>;
  photos: number;
  seconds: number;
  ocrRuns: number;
  perPhoto: boolean[];
};

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

async function score(
  ocr: OcrEngine,
  photos: ReceiptPhoto[],
  steps: ReadonlySet<CleanUpStep>,
): Promise<Score> {
  const limits = testReadLimits({ maxCharacters: 1e6, maxTableRows: 1e5 });
  const found: Record<Field, number> = { merchant: 0, date: 0, total: 0, address: 0 };
  const perPhoto: boolean[] = [];
  const { engine, counter } = counted(ocr);
  const started = performance.now();
  for (const photo of photos) {
    const output = await readImageWith(steps, {
      bytes: photo.bytes,
      mimeType: photo.mimeType,
      fileName: null,
      limits,
      ocr: engine,
    });
    const text = norm(output.images?.[0]?.ocrText ?? '');
    const hits = FIELDS.map((field) => text.includes(norm(photo[field])));
    FIELDS.forEach((field, i) => (found[field] += hits[i] ? 1 : 0));
    perPhoto.push(hits.slice(0, KEY_FIELDS.length).every(Boolean));
  }
  const seconds = (performance.now() - started) / 1000;
  console.error(`  ${[...steps].join(', ') || 'no clean-up'}: ${seconds.toFixed(0)} s`);
  return { found, photos: photos.length, seconds, ocrRuns: counter.runs, perPhoto };
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

function keyFound(result: Score): number {
  return KEY_FIELDS.reduce((sum, field) => sum + result.found[field], 0);
}

function row(name: string, result: Score, baseline?: Score): string[] {
  const key = keyFound(result);
  const whole = result.photos * KEY_FIELDS.length;
  const change = baseline ? ` (${signed((100 * (key - keyFound(baseline))) / whole)})` : '';
  return [
    name,
    `${percent(key, whole)}${change}`,
    ...FIELDS.map((field) => percent(result.found[field], result.photos)),
    `${(result.seconds / result.photos).toFixed(2)} s`,
    (result.ocrRuns / result.photos).toFixed(2),
  ];
}

const signed = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)} pts`;

async function main() {
  const count = Number(process.env.BENCH_RECEIPTS ?? 48);
  const only = process.env.BENCH_ONLY ?? 'all';
  const photos = await makeReceiptPhotos(count);
  const ocr = createTesseractOcr();
  const head = ['clean-up before OCR', 'key fields', ...FIELDS, 'per photo', 'OCR runs'];
  const plain = await score(ocr, photos, new Set());
  const kept = await score(ocr, photos, KEPT_STEPS);
  const rows = [
    row('none (plain OCR)', plain),
    row(`kept steps: ${[...KEPT_STEPS].join(', ')}`, kept, plain),
  ];
  if (only === 'all' || only === 'ablation') {
    for (const step of ALL_STEPS) {
      const isKept = KEPT_STEPS.has(step);
      const changed = new Set([...KEPT_STEPS].filter((other) => other !== step));
      if (!isKept) changed.add(step);
      const name = isKept ? `kept steps but ${step}` : `kept steps and ${step}`;
      rows.push(row(name, await score(ocr, photos, changed), kept));
    }
  }
  if (only === 'all' || only === 'alone') {
    for (const step of ALL_STEPS)
      rows.push(row(`${step} alone`, await score(ocr, photos, new Set([step])), plain));
  }
  await ocr.terminate();
  console.log(
    `${photos.length} photos of receipts and invoices; key fields: ${KEY_FIELDS.join(', ')}`,
  );
  console.log('(changes: against plain OCR; for "kept steps but/and", against the kept steps)\n');
  printTable(head, rows);
  const byKind = new Map<string, { plain: number; kept: number; photos: number }>();
  const isTurned = (photo: ReceiptPhoto) =>
    photo.degradations.includes('sideways') || photo.degradations.includes('upside down');
  photos.forEach((photo, i) => {
    for (const mark of [...photo.degradations, isTurned(photo) ? 'turned' : 'not turned']) {
      const tally = byKind.get(mark) ?? { plain: 0, kept: 0, photos: 0 };
      tally.photos += 1;
      tally.plain += plain.perPhoto[i] ? 1 : 0;
      tally.kept += kept.perPhoto[i] ? 1 : 0;
      byKind.set(mark, tally);
    }
  });
  printTable(
    ['photos with', 'photos', 'all key fields, plain', 'all key fields, kept steps'],
    [...byKind].map(([mark, tally]) => [
      mark,
      String(tally.photos),
      percent(tally.plain, tally.photos),
      percent(tally.kept, tally.photos),
    ]),
  );
}

await main();
