import type { ExtractedRow, ExtractionProgress } from '../../../../shared/extraction';

/** What the stream has told us so far about a run. */
export type RunProgress = {
  /** The server's message for the current stage ('Reading your content', ...). */
  stage: string | null;
  page: { page: number; pages: number } | null;
  chunkCount: number;
  chunksFinished: number;
  /** Rows per chunk index, so they show in document order whatever order chunks finish in. */
  rowsByChunk: Record<number, ExtractedRow[]>;
};

export const INITIAL_PROGRESS: RunProgress = {
  stage: null,
  page: null,
  chunkCount: 0,
  chunksFinished: 0,
  rowsByChunk: {},
};

export function applyProgress(progress: RunProgress, event: ExtractionProgress): RunProgress {
  switch (event.type) {
    case 'stage':
      return { ...progress, stage: event.message };
    case 'page':
      return { ...progress, page: { page: event.page, pages: event.pages } };
    case 'chunk':
      return {
        ...progress,
        chunkCount: event.count,
        chunksFinished: Math.min(event.count, progress.chunksFinished + 1),
        rowsByChunk: { ...progress.rowsByChunk, [event.index]: event.rows },
      };
  }
}

/** The rows found so far, in document order. */
export function streamedRows(progress: RunProgress): ExtractedRow[] {
  return Object.entries(progress.rowsByChunk)
    .sort(([a], [b]) => Number(a) - Number(b))
    .flatMap(([, rows]) => rows);
}

/** 'Page 2 of 5', 'Part 1 of 3 done': the counts to show beside the stage, or null. */
export function progressCounts(progress: RunProgress): {
  page: string | null;
  parts: string | null;
} {
  return {
    page: progress.page ? `Page ${progress.page.page} of ${progress.page.pages}` : null,
    parts:
      progress.chunkCount > 0
        ? `Part ${progress.chunksFinished} of ${progress.chunkCount} done`
        : null,
  };
}
