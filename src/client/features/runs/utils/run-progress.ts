import type { ExtractedRow, ExtractionProgress } from '../../../../shared/extraction';
import { setOwn } from '../../../../shared/own-property';

/** What the stream has told us so far about a run. */
export type RunProgress = {
  /** The server's message for the current stage ('Reading your content', ...). */
  stage: string | null;
  page: { page: number; pages: number } | null;
  chunkCount: number;
  chunksFinished: number;
  /** Rows per chunk index, so they show in document order whatever order chunks finish in. */
  rowsByChunk: Record<number, ExtractedRow[]>;
  /** A run with document fields: the values each chunk found, by chunk index. */
  fieldsByChunk: Record<number, ExtractedRow>;
  /** Rows the plan expects, once it is made. */
  estimatedRows: number | null;
  /** The seconds left as the server last estimated them, and when (epoch ms). */
  estimate: { seconds: number; at: number } | null;
  /** While calls wait for the model provider: when one goes out again (epoch ms). */
  waitingUntil: number | null;
};

export const INITIAL_PROGRESS: RunProgress = {
  stage: null,
  page: null,
  chunkCount: 0,
  chunksFinished: 0,
  rowsByChunk: {},
  fieldsByChunk: {},
  estimatedRows: null,
  estimate: null,
  waitingUntil: null,
};

export function applyProgress(
  progress: RunProgress,
  event: ExtractionProgress,
  now = Date.now(),
): RunProgress {
  switch (event.type) {
    case 'stage':
      return { ...progress, stage: event.message };
    case 'page':
      return { ...progress, page: { page: event.page, pages: event.pages } };
    case 'plan':
      return {
        ...progress,
        chunkCount: event.parts,
        estimatedRows: event.estimatedRows,
        estimate: { seconds: event.estimatedSeconds, at: now },
      };
    case 'chunk':
      return {
        ...progress,
        chunkCount: event.count,
        chunksFinished: Math.min(event.count, progress.chunksFinished + 1),
        rowsByChunk: { ...progress.rowsByChunk, [event.index]: event.rows },
        fieldsByChunk: event.fields
          ? { ...progress.fieldsByChunk, [event.index]: event.fields }
          : progress.fieldsByChunk,
        estimate:
          event.estimatedSeconds === undefined
            ? progress.estimate
            : { seconds: event.estimatedSeconds, at: now },
      };
    // The time left stands still while calls wait for the provider, and counts on after.
    case 'waiting':
      return {
        ...progress,
        waitingUntil: Date.parse(event.retryAt),
        estimate:
          progress.waitingUntil === null ? pausedAt(progress.estimate, now) : progress.estimate,
      };
    case 'resumed':
      return {
        ...progress,
        waitingUntil: null,
        estimate: progress.estimate ? { seconds: progress.estimate.seconds, at: now } : null,
      };
  }
}

function pausedAt(estimate: RunProgress['estimate'], now: number): RunProgress['estimate'] {
  if (!estimate) return null;
  return { seconds: Math.max(0, estimate.seconds - (now - estimate.at) / 1000), at: now };
}

/** The rows found so far, in document order. */
export function streamedRows(progress: RunProgress): ExtractedRow[] {
  return Object.entries(progress.rowsByChunk)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([, rows]) => rows);
}

/** The document fields found so far: each one's value from the first chunk (in document order) that gave one. */
export function streamedFields(progress: RunProgress): ExtractedRow {
  const found: ExtractedRow = {};
  const chunks = Object.entries(progress.fieldsByChunk).sort(([a], [b]) => Number(a) - Number(b));
  for (const [, fields] of chunks)
    for (const [name, value] of Object.entries(fields))
      if (!Object.hasOwn(found, name)) setOwn(found, name, value);
  return found;
}
