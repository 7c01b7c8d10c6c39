// Page pictures benchmark: `npm run bench:pictures`. Prints one table; never part of `npm test`.
// What drawing each page as a picture for review (job runs only) adds to reading a 5-page PDF: the
// same statement read through the read pool (a worker thread, as the server reads) with and
// without pictures, taking turns for several rounds so that a busy moment of the machine falls on
// both, medians of each. Also the pictures' size.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { parseEnv } from '../src/server/env';
import { readSettingsFromEnv } from '../src/server/extraction/read-settings';
import { readInput } from '../src/server/extraction/read-input';
import {
  createReadPool,
  readPoolOptionsFromEnv,
} from '../src/server/extraction/read/pool/read-pool';
import type { ServerDocument } from '../src/server/extraction/read/types';

const PAGES = 5;
const ROUNDS = 15;

/** A statement of five A4 pages, 40 transactions each, in a standard font (as bank PDFs are). */
async function makeStatementPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < PAGES; p += 1) {
    const page = pdf.addPage([595, 842]);
    page.drawText(`Statement page ${p + 1}`, { x: 50, y: 800, size: 16, font });
    ['Date', 'Description', 'Amount', 'Balance'].forEach((heading, i) =>
      page.drawText(heading, { x: 50 + i * 130, y: 770, size: 10, font }),
    );
    for (let r = 0; r < 40; r += 1) {
      const n = p * 40 + r;
      const cells = [
        `2026-0${(n % 9) + 1}-1${n % 10}`,
        `Payment ${n} to supplier`,
        (n * 3.17).toFixed(2),
        (10000 - n).toFixed(2),
      ];
      cells.forEach((cell, i) =>
        page.drawText(cell, { x: 50 + i * 130, y: 750 - r * 17, size: 10, font }),
      );
    }
  }
  return pdf.save();
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  const bytes = await makeStatementPdf();
  const env = parseEnv({ NODE_ENV: 'test' });
  const settings = readSettingsFromEnv(env);
  const pool = createReadPool({
    ...readPoolOptionsFromEnv(env),
    concurrency: 1,
    queueLimit: 2,
    memoryMb: 512,
    timeoutMs: 120_000,
  });
  const read = async (pagePictures: boolean) => {
    const started = performance.now();
    const document: ServerDocument = await readInput({
      source: {
        kind: 'file',
        bytes: new Uint8Array(bytes),
        fileName: 'statement.pdf',
        mimeType: 'application/pdf',
      },
      settings,
      pool,
      pagePictures,
    });
    return { ms: performance.now() - started, document };
  };
  try {
    await read(false);
    await read(true); // both paths warmed up once
    const plain: number[] = [];
    const drawn: number[] = [];
    let pictures: ServerDocument['pictures'] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      plain.push((await read(false)).ms);
      const withPictures = await read(true);
      drawn.push(withPictures.ms);
      pictures = withPictures.document.pictures ?? [];
    }
    const [without, withPictures] = [median(plain), median(drawn)];
    const bytesPerPage = median(pictures.map((picture) => picture.bytes.byteLength));
    console.log(
      `5-page PDF (${PAGES * 40} rows) through the read pool, median of ${ROUNDS} rounds each`,
    );
    console.table([
      { read: 'text only (rowsmith read, POST /api/documents/read)', ms: Math.round(without) },
      { read: 'text and page pictures (job runs)', ms: Math.round(withPictures) },
      {
        read: 'added by the pictures',
        ms: Math.round(withPictures - without),
        'per page': Math.round((withPictures - without) / PAGES),
      },
    ]);
    const first = pictures[0];
    console.log(
      `pictures: ${pictures.length}, ${first?.width}×${first?.height} ${first?.mimeType}, median ${Math.round(bytesPerPage / 1024)} KB each`,
    );
  } finally {
    await pool.close();
  }
}

await main();
