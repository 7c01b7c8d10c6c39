import { describe, expect, it } from 'vitest';
import type { ExtractionProgress } from '../../../../shared/extraction';
import { applyProgress, INITIAL_PROGRESS, progressCounts, streamedRows } from './run-progress';

const run = (...events: ExtractionProgress[]) =>
  events.reduce((progress, event) => applyProgress(progress, event), INITIAL_PROGRESS);

describe('run progress', () => {
  it('follows the stage messages and pages', () => {
    const progress = run(
      { type: 'stage', stage: 'reading', message: 'Reading your content' },
      { type: 'page', page: 2, pages: 5 },
    );
    expect(progress.stage).toBe('Reading your content');
    expect(progressCounts(progress)).toEqual({ page: 'Page 2 of 5', parts: null });
  });

  it('counts finished parts and keeps rows in document order', () => {
    const progress = run(
      { type: 'chunk', index: 1, count: 3, status: 'done', rows: [{ a: 'second' }] },
      { type: 'chunk', index: 2, count: 3, status: 'failed', rows: [] },
      { type: 'chunk', index: 0, count: 3, status: 'done', rows: [{ a: 'first' }] },
    );
    expect(progressCounts(progress).parts).toBe('Part 3 of 3 done');
    expect(streamedRows(progress)).toEqual([{ a: 'first' }, { a: 'second' }]);
  });
});
