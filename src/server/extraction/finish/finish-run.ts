import type { ExtractionResult } from '../../../shared/extraction';
import { offlineExtract } from '../extract/offline-extract';
import type { ServerDocument } from '../read/types';
import { finishResult } from './finish-result';
import { offlineRaw, type RawRows } from './raw-rows';

/**
 * The end of a run as one task: the rows (the model's, or the offline extractor's when `raw` is
 * `offline`), then finishResult. It runs on a read-pool thread (read-worker.ts): locating the
 * evidence and reviewing the cells of a long document takes a second or more of CPU, which on
 * the web thread would hold every other request.
 */
export type FinishTaskInput = Omit<Parameters<typeof finishResult>[0], 'raw'> & {
  raw: RawRows | 'offline';
};

export type FinishedRun = Omit<ExtractionResult, 'timings'>;

/** The offline rows: none when the run asks only for fields. */
function offlineRows(input: FinishTaskInput) {
  const { document, columns } = input;
  const hasFields = (input.fields ?? []).length > 0;
  if (columns.length > 0) return offlineExtract({ document, columns, hasFields });
  return { rows: [], matchedTables: 0, sourceRowCount: 0, warnings: [] };
}

export function finishRun(input: FinishTaskInput): FinishedRun {
  const raw = input.raw === 'offline' ? offlineRaw(offlineRows(input)) : input.raw;
  return { ...finishResult({ ...input, raw }), fromCache: null };
}

/**
 * The document as finishing needs it, to send to a thread: its text, structure and words, not
 * the bytes of its images or its pages' pictures, which would only be copied there and back.
 */
export function documentToFinish(document: ServerDocument): ServerDocument {
  const { pictures: _pictures, ...rest } = document;
  return {
    ...rest,
    images: document.images.map((image) => ({ ...image, bytes: new Uint8Array(0) })),
  };
}
