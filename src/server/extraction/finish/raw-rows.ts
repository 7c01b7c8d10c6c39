import type { ChunkReport, ExtractionEngine } from '../../../shared/extraction';
import type { ChunkExtraction } from '../extract/model-extract';
import type { OfflineExtraction } from '../extract/offline-extract';
import type { Chunk } from '../plan/plan-chunks';
import type { FieldAnswer } from './merge-fields';
import type { ServerDocument } from '../read/types';

/** What an engine produced before merging, coercion and evidence. */
export type RawRows = {
  engine: ExtractionEngine;
  rows: Record<string, unknown>[];
  /** Parallel to rows: the model's probability of each value's least certain token, if known. */
  certainty?: (Record<string, number> | undefined)[];
  /** The model's answers for the document's fields, one per part that gave them, in order. */
  fieldAnswers?: FieldAnswer[];
  invalidFormat: boolean;
  failures: string[];
  cutShort: number;
  chunks: ChunkReport[];
  usage: { inputTokens: number; outputTokens: number; calls: number; repeatedInputTokens: number };
  /** Rows of the largest source table, to tell when a result looks incomplete. */
  sourceRowCount: number;
  warnings: string[];
};

export type ChunkOutcome = {
  chunk: Chunk;
  extraction: ChunkExtraction | null;
  error: string | null;
};

function chunkReports(outcomes: ChunkOutcome[]): ChunkReport[] {
  return outcomes.map(({ chunk, extraction, error }) => ({
    index: chunk.index,
    status: extraction ? 'done' : 'failed',
    rows: extraction?.rows.length ?? 0,
    calls: extraction?.calls ?? 0,
    ...(error ? { error } : {}),
  }));
}

export function offlineRaw(offline: OfflineExtraction): RawRows {
  return {
    engine: 'offline',
    rows: offline.rows,
    invalidFormat: false,
    failures: [],
    cutShort: 0,
    chunks: [],
    usage: { inputTokens: 0, outputTokens: 0, calls: 0, repeatedInputTokens: 0 },
    sourceRowCount: offline.sourceRowCount,
    warnings: offline.warnings,
  };
}

export function modelRaw(outcomes: ChunkOutcome[], document: ServerDocument): RawRows {
  const done = outcomes.flatMap((outcome) => (outcome.extraction ? [outcome.extraction] : []));
  const total = (pick: (extraction: ChunkExtraction) => number) =>
    done.reduce((sum, extraction) => sum + pick(extraction), 0);
  return {
    engine: 'model',
    rows: done.flatMap((extraction) => extraction.rows),
    certainty: done.flatMap((extraction) => extraction.certainty),
    fieldAnswers: done.flatMap((extraction) => extraction.fields),
    invalidFormat: done.some((extraction) => !extraction.isValidFormat),
    failures: outcomes.flatMap((outcome) => (outcome.error ? [outcome.error] : [])),
    cutShort: done.filter((extraction) => extraction.isCutShort).length,
    chunks: chunkReports(outcomes),
    usage: {
      inputTokens: total((extraction) => extraction.usage.inputTokens),
      outputTokens: total((extraction) => extraction.usage.outputTokens),
      calls: total((extraction) => extraction.calls),
      repeatedInputTokens: total((extraction) => extraction.usage.repeatedInputTokens),
    },
    sourceRowCount: Math.max(0, ...document.tables.map((table) => table.rows.length)),
    warnings: [],
  };
}
