import pLimit from 'p-limit';
import type { ColumnDefinition } from '../../shared/columns';
import type { Rule } from '../../shared/records';
import { AppError } from '../../shared/errors';
import type { ExtractedRow, ExtractionProgress, ExtractionResult } from '../../shared/extraction';
import { setOwn } from '../../shared/own-property';
import type { ModelClient } from '../llm/model-client';
import { memoryRefusalClock, type RefusalClock } from '../llm/refusal-clock';
import { coerceRow, coerceValue } from './coerce';
import { modelRaw, offlineRaw, type ChunkOutcome } from './finish/raw-rows';
import { extractChunkWithModel, type ChunkExtraction } from './extract/model-extract';
import type { FieldAnswer } from './finish/merge-fields';
import { hasInstructions, offlineAnswersFully } from './extract/offline-fast-path';
import { providerWaits } from './extract/provider-waits';
import { costOf, type ExtractionSettings } from './extraction-settings';
import type { InputSource } from './ingest/fetch-source';
import { partsAtOnce } from './plan/part-count';
import { planChunks, type Chunk } from './plan/plan-chunks';
import { secondsLeft, type PartLeft } from './plan/time-estimate';
import { readInput } from './read-input';
import type { ReadPool } from './read/pool/read-pool';
import type { ServerDocument } from './read/types';

export type RunExtractionOptions = {
  source: InputSource | { kind: 'document'; document: ServerDocument };
  columns: ColumnDefinition[];
  /** The document's own fields (one value each), found beside the rows (issue 31). */
  fields?: ColumnDefinition[];
  /** Rules checked across fields and rows; a failed one flags its cells. */
  rules?: Rule[];
  description?: string;
  settings: ExtractionSettings;
  model: ModelClient | null;
  readPool: ReadPool;
  signal?: AbortSignal;
  onProgress?: (event: ExtractionProgress) => void;
  /** Called with what was read from an input (not for a source that is already a Document). */
  onRead?: (document: ServerDocument) => void;
  /**
   * How long the run waits for a provider that keeps refusing its calls: its job's clock (shared
   * by the job's documents), or a clock of its own (JOB_DEADLINE_MINUTES).
   */
  refusalClock?: RefusalClock;
  /** Keep each page read (PDFs, images) as a picture on the Document, for review. */
  pagePictures?: boolean;
  /**
   * An earlier result for what was read, given again instead of calling the model (the result
   * cache, which the job layer keeps); asked only when the model would be called.
   */
  reuse?: (document: ServerDocument) => Promise<ExtractionResult | null>;
};

/** What every part of a model run shares: its signal, deadline, progress and the parts left. */
type PartsRun = {
  options: RunExtractionOptions;
  model: ModelClient;
  chunkCount: number;
  signal: AbortSignal;
  stop: (reason: unknown) => void;
  clock: RefusalClock;
  waits: ReturnType<typeof providerWaits>;
  left: Map<number, PartLeft>;
};

async function estimate(run: PartsRun): Promise<number> {
  const pace = (await run.model.pace?.()) ?? null;
  const window = pace?.window ?? run.options.settings.concurrency;
  return secondsLeft([...run.left.values()], {
    window,
    tokensPerSecond: pace?.tokensPerSecond ?? null,
  });
}

/** The fields one part's answers gave a value, typed: the first value of each, for progress. */
function partFields(answers: readonly FieldAnswer[], fields: readonly ColumnDefinition[]) {
  const found: ExtractedRow = {};
  for (const { name, type } of fields) {
    for (const answer of answers) {
      const value = coerceValue(answer.values[name], type);
      if (value === null || value === '') continue;
      setOwn(found, name, value);
      break;
    }
  }
  return found;
}

/** One part: its call (and continuations), reported done or failed; a run past its deadline stops. */
async function extractPart(run: PartsRun, chunk: Chunk): Promise<ChunkOutcome> {
  const { options } = run;
  run.left.set(chunk.index, { outputTokens: chunk.estimatedOutputTokens, startedAt: Date.now() });
  const report = async (status: 'done' | 'failed', extraction: ChunkExtraction | null) => {
    run.left.delete(chunk.index);
    const typed = (extraction?.rows ?? []).map((row) => coerceRow(row, options.columns));
    const estimatedSeconds = await estimate(run);
    const fields = options.fields ?? [];
    options.onProgress?.({
      type: 'chunk',
      index: chunk.index,
      count: run.chunkCount,
      status,
      rows: typed,
      ...(fields.length > 0 ? { fields: partFields(extraction?.fields ?? [], fields) } : {}),
      estimatedSeconds,
    });
  };
  try {
    const extraction = await extractChunkWithModel({
      client: run.model,
      chunk,
      chunkCount: run.chunkCount,
      columns: options.columns,
      ...(options.fields && options.fields.length > 0 ? { fields: options.fields } : {}),
      description: options.description,
      maxOutputTokens: options.settings.maxOutputTokens,
      maxContinuations: options.settings.maxContinuations,
      signal: run.signal,
      pacing: { clock: run.clock, onWait: (news) => run.waits(chunk.index, news) },
    });
    await report('done', extraction);
    return { chunk, extraction, error: null };
  } catch (error) {
    if (run.signal.aborted) throw run.signal.reason;
    if (error instanceof AppError && error.code === 'MODEL_RATE_LIMITED') {
      run.stop(error);
      throw error;
    }
    await report('failed', null);
    const message = error instanceof AppError ? error.message : 'The model call failed.';
    return { chunk, extraction: null, error: message };
  }
}

async function extractWithModel(
  options: RunExtractionOptions,
  model: ModelClient,
  document: ServerDocument,
) {
  const { settings, columns, onProgress } = options;
  onProgress?.({ type: 'stage', stage: 'planning', message: 'Planning the extraction' });
  const pace = (await model.pace?.()) ?? null;
  const chunks = planChunks(document, {
    columns,
    maxCharacters: settings.chunkCharacters,
    maxOutputTokens: settings.maxOutputTokens,
    partsAtOnce: partsAtOnce(pace, settings.concurrency),
  });
  const stopper = new AbortController();
  const run: PartsRun = {
    options,
    model,
    chunkCount: chunks.length,
    signal: options.signal ? AbortSignal.any([options.signal, stopper.signal]) : stopper.signal,
    stop: (reason) => stopper.abort(reason),
    clock: options.refusalClock ?? memoryRefusalClock(settings.deadlineMinutes),
    waits: providerWaits((event) => onProgress?.(event)),
    left: new Map(
      chunks.map((chunk) => [
        chunk.index,
        { outputTokens: chunk.estimatedOutputTokens, startedAt: null },
      ]),
    ),
  };
  const estimatedRows = chunks.reduce((sum, chunk) => sum + chunk.estimatedRows, 0);
  onProgress?.({
    type: 'plan',
    parts: chunks.length,
    estimatedRows,
    estimatedSeconds: await estimate(run),
  });
  onProgress?.({
    type: 'stage',
    stage: 'extracting',
    message: `Extracting rows from ${chunks.length} part${chunks.length === 1 ? '' : 's'}`,
  });
  const limit = pLimit(settings.concurrency);
  return Promise.all(chunks.map((chunk) => limit(() => extractPart(run, chunk))));
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
  const fields = options.fields ?? [];
  if (columns.length === 0 && fields.length === 0) throw new AppError('COLUMNS_REQUIRED');

  onProgress?.({ type: 'stage', stage: 'reading', message: 'Reading your content' });
  const document =
    options.source.kind === 'document'
      ? options.source.document
      : await readForExtraction(options, options.source);
  if (options.source.kind !== 'document') options.onRead?.(document);
  const readMs = performance.now() - startedAt;

  // The fast path answers rows only; a run with fields asks the model for them.
  const fastPath =
    model &&
    fields.length === 0 &&
    options.settings.isOfflineFastPathOn &&
    !hasInstructions(options.description, columns)
      ? offlineAnswersFully(document, columns)
      : null;
  const reused = model && !fastPath ? ((await options.reuse?.(document)) ?? null) : null;
  let result: Omit<ExtractionResult, 'timings'>;
  if (reused) {
    onProgress?.({
      type: 'stage',
      stage: 'merging',
      message: 'Using the stored result of an earlier run of the same input',
    });
    result = reused;
  } else {
    const raw =
      !model || fastPath
        ? fastPath
          ? offlineRaw(fastPath)
          : 'offline'
        : modelRaw(await extractWithModel(options, model, document), document);
    onProgress?.({ type: 'stage', stage: 'merging', message: 'Merging and checking the rows' });
    result = await options.readPool.finish(
      {
        document,
        columns,
        ...(fields.length > 0 ? { fields } : {}),
        ...(options.rules && options.rules.length > 0 ? { rules: options.rules } : {}),
        raw,
        modelName: model && !fastPath ? model.model : null,
        reviewThreshold: options.settings.reviewThreshold,
      },
      { signal: options.signal },
    );
  }
  const totalMs = performance.now() - startedAt;
  return {
    ...result,
    usage: { ...result.usage, cost: costOf(result.usage, options.settings.prices) },
    timings: {
      readMs: Math.round(readMs),
      extractMs: Math.round(totalMs - readMs),
      totalMs: Math.round(totalMs),
    },
  };
}
