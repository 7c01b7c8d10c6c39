// Records benchmark: `npm run bench:records`. Prints a table; never part of `npm test`.
// The scanned receipts of ../shared/eval/receipts (real SROIE scans; RECEIPTS_DIR to point
// elsewhere) read as the CLI reads an image (the read pool, OCR), then each receipt's company,
// date, address and total found without a model: by the field finder (records/find-fields.ts)
// and, as the baseline in the same run, by the offline extractor's first row (what a run asking
// for these as columns gives today). Scored as score-receipts.py scores them: dates as
// year-month-day (the key day first), totals to the cent, text by its letters and digits.
// Target (issue 31): fields exact at least 50%. `--misses` lists what was missed.
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ColumnDefinition } from '../src/shared/columns';
import type { CellValue } from '../src/shared/extraction';
import { parseEnv } from '../src/server/env';
import { coerceValue } from '../src/server/extraction/coerce';
import { offlineExtract } from '../src/server/extraction/extract/offline-extract';
import { readInput } from '../src/server/extraction/read-input';
import { readSettingsFromEnv } from '../src/server/extraction/read-settings';
import {
  createReadPool,
  readPoolOptionsFromEnv,
} from '../src/server/extraction/read/pool/read-pool';
import type { ServerDocument } from '../src/server/extraction/read/types';
import { findFields } from '../src/server/extraction/records/find-fields';
import { printTable } from './print-table';

const FIELDS: ColumnDefinition[] = [
  { name: 'company', type: 'text' },
  { name: 'date', type: 'date' },
  { name: 'address', type: 'text' },
  { name: 'total', type: 'number' },
];
type Key = Record<string, string>;
type Found = Record<string, CellValue>;

const fold = (value: CellValue | undefined) =>
  String(value ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** score-receipts.py's ymd: year-month-day read day first, or both ways for what was found. */
function yearMonthDay(text: string, isDayFirst: boolean): string[] {
  const isoLike = /(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(text);
  if (isoLike) return [`${+isoLike[1]!}-${+isoLike[2]!}-${+isoLike[3]!}`];
  const written = /(\d{1,2})[-/.](\d{1,2})[-/.](\d{2,4})/.exec(text);
  if (!written) return [];
  const year = +written[3]! + (+written[3]! < 100 ? 2000 : 0);
  const dayFirst = `${year}-${+written[2]!}-${+written[1]!}`;
  return isDayFirst ? [dayFirst] : [dayFirst, `${year}-${+written[1]!}-${+written[2]!}`];
}

function amount(value: CellValue | undefined): number | null {
  const number = Number.parseFloat(
    String(value ?? '')
      .replaceAll(',', '')
      .replace(/[^\d.-]/g, ''),
  );
  return Number.isNaN(number) ? null : Math.round(number * 100) / 100;
}

function isSame(field: string, got: CellValue | undefined, want: string): boolean {
  if (field === 'date') {
    const wanted = new Set(yearMonthDay(want, true));
    return yearMonthDay(String(got ?? ''), false).some((date) => wanted.has(date));
  }
  if (field === 'total') {
    const [a, b] = [amount(got), amount(want)];
    return a !== null && b !== null && Math.abs(a - b) < 0.006;
  }
  return fold(got) !== '' && fold(got) === fold(want);
}

/** The offline extractor's first row, as a run with these names as columns gives it. */
function firstRow(document: ServerDocument): Found {
  const row = offlineExtract({ document, columns: FIELDS }).rows[0] ?? {};
  return Object.fromEntries(
    FIELDS.map((field) => [field.name, coerceValue(row[field.name] ?? null, field.type)]),
  );
}

function foundFields(document: ServerDocument): Found {
  const found = findFields({ document, fields: FIELDS });
  return Object.fromEntries(FIELDS.map((field) => [field.name, found[field.name]?.value ?? null]));
}

type Tally = { hits: Record<string, number>; wanted: Record<string, number>; seconds: number };

const newTally = (): Tally => ({ hits: {}, wanted: {}, seconds: 0 });

function score(tally: Tally, found: Found, key: Key, misses: string[] | null, stem: string) {
  for (const field of FIELDS) {
    const want = key[field.name];
    if (!want) continue;
    const ok = isSame(field.name, found[field.name], want);
    tally.hits[field.name] = (tally.hits[field.name] ?? 0) + (ok ? 1 : 0);
    tally.wanted[field.name] = (tally.wanted[field.name] ?? 0) + 1;
    if (!ok && misses)
      misses.push(
        `${stem} ${field.name}: found ${JSON.stringify(found[field.name] ?? null)}, key ${JSON.stringify(want)}`,
      );
  }
}

const percent = (part: number, whole: number) =>
  whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`;

function row(name: string, tally: Tally, receipts: number): string[] {
  const sum = (record: Record<string, number>) =>
    Object.values(record).reduce((total, value) => total + value, 0);
  return [
    name,
    percent(sum(tally.hits), sum(tally.wanted)),
    ...FIELDS.map((field) => percent(tally.hits[field.name] ?? 0, tally.wanted[field.name] ?? 0)),
    `${((1000 * tally.seconds) / receipts).toFixed(1)} ms`,
  ];
}

async function main() {
  const directory = resolve(process.env.RECEIPTS_DIR ?? '../shared/eval/receipts');
  const showMisses = process.argv.includes('--misses');
  const manifest = JSON.parse(await readFile(join(directory, 'manifest.json'), 'utf8')) as {
    receipts: string[];
  };
  const env = parseEnv({});
  const settings = readSettingsFromEnv(env);
  const pool = createReadPool(readPoolOptionsFromEnv(env));
  const baseline = newTally();
  const finder = newTally();
  const misses: string[] = [];
  let readSeconds = 0;
  try {
    for (const stem of manifest.receipts) {
      const fileName = `${stem}.jpg`;
      const bytes = await readFile(join(directory, 'img', fileName));
      const key = JSON.parse(await readFile(join(directory, 'key', `${stem}.json`), 'utf8')) as Key;
      let started = performance.now();
      const document = await readInput({
        source: { kind: 'file', bytes, fileName, mimeType: null },
        settings,
        pool,
      });
      readSeconds += (performance.now() - started) / 1000;
      started = performance.now();
      const rowFound = firstRow(document);
      baseline.seconds += (performance.now() - started) / 1000;
      score(baseline, rowFound, key, null, stem);
      started = performance.now();
      const fieldsFound = foundFields(document);
      finder.seconds += (performance.now() - started) / 1000;
      score(finder, fieldsFound, key, misses, stem);
      process.stderr.write('.');
    }
  } finally {
    await pool.close();
  }
  process.stderr.write('\n');
  const count = manifest.receipts.length;
  console.log(
    `${count} scanned receipts (${directory}), read with OCR in ${(readSeconds / count).toFixed(2)} s each; fields exact (target: 50%)\n`,
  );
  printTable(
    ['without a model', 'fields exact', ...FIELDS.map((field) => field.name), 'finding'],
    [
      row('offline extractor, first row (baseline)', baseline, count),
      row('field finder', finder, count),
    ],
  );
  if (showMisses) for (const miss of misses) console.log(miss);
}

await main();
