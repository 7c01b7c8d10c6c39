import pLimit from 'p-limit';
import type { ColumnDefinition } from '../../shared/columns';
import { AppError } from '../../shared/errors';
import type { ExtractionProgress, ExtractionResult } from '../../shared/extraction';
import type { ModelClient } from '../llm/model-client';
import { coerceRow } from './coerce';
import { finishResult } from './finish/finish-result';
import { modelRaw, offlineRaw, type ChunkOutcome } from './finish/raw-rows';
import { extractChunkWithModel } from './extract/model-extract';
import { offlineExtract } from './extract/offline-extract';
import type { ExtractionSettings } from './extraction-settings';
import type { InputSource } from './ingest/fetch-source';
import { planChunks } from './plan';
import { readInput } from './read-input';
import type { ReadPool } from './read/pool/read-pool';
import type { ServerDocument } from './read/types';

export type RunExtractionOptions = {
  source: InputSource | { kind: 'document'; document: ServerDocument };
  columns: ColumnDefinition[];
  description?: string;
  settings: ExtractionSettings;
  model: ModelClient | null;
  readPool: ReadPool;
  signal?: AbortSignal;
  onProgress?: (event: ExtractionProgress) => void;
  /** Called with what was read from an input (not for a source that is already a Document). */
  onRead?: (document: ServerDocument) => void;
  /** Keep each page read (PDFs, images) as a picture on the Document, for review. */
  pagePictures?: boolean;
};

/** The offline fast path: one clean table whose headers give every column. */
function offlineAnswersFully(document: ServerDocument, columns: ColumnDefinition[]) {
  if (document.tables.length !== 1 || document.images.length > 0) return null;
  const offline = offlineExtract({ document, columns });
  const hasEveryColumn = columns.every((column) =>
    offline.rows.some((row) => row[column.name] != null),
  );
  return hasEveryColumn && offline.rows.length === offline.sourceRowCount ? offline : null;
}

async function extractWithModel(
  options: RunExtractionOptions,
  model: ModelClient,
  document: ServerDocument,
) {
  const { settings, columns, signal, onProgress } = options;
  onProgress?.({ type: 'stage', stage: 'planning', message: 'Planning the extraction' });
  const chunks = planChunks(document, {
    columns,
    maxCharacters: settings.chunkCharacters,
    maxOutputTokens: settings.maxOutputTokens,
  });
  onProgress?.({
    type: 'stage',
    stage: 'extracting',
    message: `Extracting rows from ${chunks.length} part${chunks.length === 1 ? '' : 's'}`,
  });
  const limit = pLimit(settings.concurrency);
  const outcomes = await Promise.all(
    chunks.map((chunk) =>
      limit(async (): Promise<ChunkOutcome> => {
        try {
          const extraction = await extractChunkWithModel({
            client: model,
            chunk,
            chunkCount: chunks.length,
            columns,
            description: options.description,
            maxOutputTokens: settings.maxOutputTokens,
            maxContinuations: settings.maxContinuations,
            signal,
          });
          onProgress?.({
            type: 'chunk',
            index: chunk.index,
            count: chunks.length,
            status: 'done',
            rows: extraction.rows.map((row) => coerceRow(row, columns)),
          });
          return { chunk, extraction, error: null };
        } catch (error) {
          if (signal?.aborted) throw signal.reason;
          const message = error instanceof AppError ? error.message : 'The model call failed.';
          onProgress?.({
            type: 'chunk',
            index: chunk.index,
            count: chunks.length,
            status: 'failed',
            rows: [],
          });
          return { chunk, extraction: null, error: message };
        }
      }),
    ),
  );
  return outcomes;
}

/** SPEC.md section 8: with columns, a PDF that cannot be read gives the PDF placeholder. */
async function readForExtraction(options: RunExtractionOptions, source: InputSource) {
  try {
    return await readInput({
      source,
      settings: options.settings.read,
      pool: options.readPool,
      signal: options.signal,
      onPage: (page, pages) => options.onProgress?.({ type: 'page', page, pages }),
      pagePictures: options.pagePictures,
    });
  } catch (error) {
    if (error instanceof AppError && error.code === 'PDF_PROCESSING_FAILED') {
      throw new AppError('PDF_EXTRACTION_FAILED', {
        cause: error,
        details: { reason: error.message },
      });
    }
    throw error;
  }
}

/**
 * The extraction pipeline: read, plan, extract (model or offline), merge, coerce, evidence.
 * A failed chunk is data in the result, not a crash; the status and fallbacks follow SPEC.md.
 */
export async function runExtraction(options: RunExtractionOptions): Promise<ExtractionResult> {
  const startedAt = performance.now();
  const { columns, model, onProgress } = options;
  if (columns.length === 0) throw new AppError('COLUMNS_REQUIRED');

  onProgress?.({ type: 'stage', stage: 'reading', message: 'Reading your content' });
  const document =
    options.source.kind === 'document'
      ? options.source.document
      : await readForExtraction(options, options.source);
  if (options.source.kind !== 'document') options.onRead?.(document);
  const readMs = performance.now() - startedAt;

  const fastPath =
    model && options.settings.isOfflineFastPathOn ? offlineAnswersFully(document, columns) : null;
  const raw =
    !model || fastPath
      ? offlineRaw(fastPath ?? offlineExtract({ document, columns }))
      : modelRaw(await extractWithModel(options, model, document), document);
  onProgress?.({ type: 'stage', stage: 'merging', message: 'Merging and checking the rows' });
  const result = finishResult({
    document,
    columns,
    raw,
    modelName: model && !fastPath ? model.model : null,
    reviewThreshold: options.settings.reviewThreshold,
  });
  const totalMs = performance.now() - startedAt;
  return {
    ...result,
    timings: {
      readMs: Math.round(readMs),
      extractMs: Math.round(totalMs - readMs),
      totalMs: Math.round(totalMs),
    },
  };
}
