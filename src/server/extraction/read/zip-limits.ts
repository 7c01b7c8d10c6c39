import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { AppError } from '../../../shared/errors';
import type { ReadLimits } from './types';

/** More parts than any real Office file holds (a large workbook has a few hundred). */
export const MAX_ZIP_ENTRIES = 10_000;

const MB = 1024 * 1024;
const LESS_THAN = 0x3c;

export type ZipScanOptions = {
  /**
   * Parts read row by row (XLSX worksheets): bounded by the row limit rather than by the element
   * limit, since memory does not grow with their size.
   */
  isStreamedPart?: (name: string) => boolean;
  /** Gets every inflated chunk of the parts it asks for, in order. */
  visit?: (name: string) => ((chunk: Buffer) => void) | null;
};

/** Whether a byte can start an element's name (a letter, `_` or `:`; not `/`, `?` or `!`). */
function startsName(byte: number | undefined): boolean {
  if (byte === undefined) return false;
  return (
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x61 && byte <= 0x7a) ||
    byte === 0x5f ||
    byte === 0x3a ||
    byte >= 0x80
  );
}

/** Counts start tags across chunks; a `<` at the end of one chunk is judged by the next. */
function elementCounter() {
  let count = 0;
  let isPending = false;
  return {
    add(chunk: Buffer) {
      if (isPending && startsName(chunk[0])) count += 1;
      let at = chunk.indexOf(LESS_THAN);
      while (at !== -1) {
        if (startsName(chunk[at + 1])) count += 1;
        at = chunk.indexOf(LESS_THAN, at + 1);
      }
      isPending = chunk[chunk.length - 1] === LESS_THAN;
      return count;
    },
  };
}

function damaged(cause?: unknown): AppError {
  return new AppError('FILE_PROCESSING_FAILED', {
    params: { message: 'the file is damaged or is not a valid Office document.' },
    cause,
  });
}

const megabytes = (bytes: number) => Math.round(bytes / MB);
const count = (value: number) => value.toLocaleString('en-US');

function openZip(bytes: Uint8Array): Promise<yauzl.ZipFile> {
  return new Promise<yauzl.ZipFile>((resolve, reject) => {
    // Entry sizes are not trusted (a zip may lie about them); the bytes inflated are counted.
    const options = { lazyEntries: true, validateEntrySizes: false };
    yauzl.fromBuffer(Buffer.from(bytes), options, (error, file) =>
      error || !file ? reject(damaged(error)) : resolve(file),
    );
  });
}

function openEntry(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error || !stream ? reject(damaged(error)) : resolve(stream),
    );
  });
}

type Budget = { limits: ReadLimits; total: number };

/** Inflates one entry to nowhere, counting its bytes (and elements, for XML) as they come. */
async function scanEntry(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  budget: Budget,
  options: ZipScanOptions,
) {
  const name = entry.fileName;
  const isXml = /\.(xml|rels)$/i.test(name);
  const isElementBound = isXml && !options.isStreamedPart?.(name);
  const counter = elementCounter();
  const visit = options.visit?.(name) ?? null;
  const { limits } = budget;
  let partBytes = 0;
  const stream = await openEntry(zip, entry);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      partBytes += chunk.length;
      budget.total += chunk.length;
      if (budget.total > limits.maxUncompressedBytes) {
        const maxMegabytes = megabytes(limits.maxUncompressedBytes);
        throw new AppError('ARCHIVE_TOO_LARGE', { params: { maxMegabytes } });
      }
      if (isXml && partBytes > limits.maxXmlPartBytes) {
        const maxMegabytes = megabytes(limits.maxXmlPartBytes);
        throw new AppError('ARCHIVE_PART_TOO_LARGE', { params: { maxMegabytes } });
      }
      if (isElementBound && counter.add(chunk) > limits.maxXmlElements) {
        const maxElements = count(limits.maxXmlElements);
        throw new AppError('ARCHIVE_TOO_MANY_ELEMENTS', { params: { maxElements } });
      }
      visit?.(chunk);
    }
  } catch (error) {
    throw error instanceof AppError ? error : damaged(error);
  } finally {
    stream.destroy();
  }
}

/**
 * DOCX and XLSX are zip archives. Before any library unpacks one, every entry is inflated here
 * and its bytes counted, stopping at the limits: the whole archive, each XML part's size, and
 * each XML part's elements (what a document model costs in memory). The sizes the archive
 * declares are never trusted. Returns the bytes the archive really unpacks to.
 */
export async function scanZip(
  bytes: Uint8Array,
  limits: ReadLimits,
  options: ZipScanOptions = {},
): Promise<number> {
  const zip = await openZip(bytes);
  if (zip.entryCount > MAX_ZIP_ENTRIES) {
    zip.close();
    const maxEntries = count(MAX_ZIP_ENTRIES);
    throw new AppError('ARCHIVE_TOO_MANY_ENTRIES', { params: { maxEntries } });
  }
  const budget: Budget = { limits, total: 0 };
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        const isFolder = entry.fileName.endsWith('/');
        const scanned = isFolder ? Promise.resolve() : scanEntry(zip, entry, budget, options);
        scanned.then(() => zip.readEntry(), reject);
      });
      zip.on('end', resolve);
      zip.on('error', (cause: unknown) => reject(damaged(cause)));
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return budget.total;
}
