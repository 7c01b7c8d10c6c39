import { describe, expect, it } from 'vitest';
import type { ExtractionProgress } from '../../../../shared/extraction';
import { progressLines } from './progress-lines';
import { applyProgress, INITIAL_PROGRESS, streamedFields, streamedRows } from './run-progress';

const T0 = Date.parse('2026-03-01T12:00:00Z');

/** The events as they arrive, each at its second after T0. */
const run = (...events: [number, ExtractionProgress][]) =>
  events.reduce(
    (progress, [second, event]) => applyProgress(progress, event, T0 + second * 1000),
    INITIAL_PROGRESS,
  );
const at = (second: number) => ({ startedAt: T0, now: T0 + second * 1000 });

describe('run progress', () => {
  it('follows the stage messages and pages', () => {
    const progress = run(
      [0, { type: 'stage', stage: 'reading', message: 'Reading your content' }],
      [1, { type: 'page', page: 2, pages: 5 }],
    );
    expect(progress.stage).toBe('Reading your content');
    expect(progressLines(progress, at(1)).counts).toBe('Page 2 of 5');
  });

  it('counts finished parts and rows, and keeps rows in document order', () => {
    const progress = run(
      [1, { type: 'chunk', index: 1, count: 3, status: 'done', rows: [{ a: 'second' }] }],
      [2, { type: 'chunk', index: 2, count: 3, status: 'failed', rows: [] }],
      [3, { type: 'chunk', index: 0, count: 3, status: 'done', rows: [{ a: 'first' }] }],
    );
    expect(progressLines(progress, at(3)).counts).toBe('Part 3 of 3 done · 2 rows so far');
    expect(streamedRows(progress)).toEqual([{ a: 'first' }, { a: 'second' }]);
  });

  it('shows the time taken and counts the estimate down between the server’s updates', () => {
    const progress = run(
      [2, { type: 'plan', parts: 12, estimatedRows: 2000, estimatedSeconds: 40 }],
      [10, { type: 'chunk', index: 0, count: 12, status: 'done', rows: [], estimatedSeconds: 30 }],
    );
    expect(progressLines(progress, at(2)).counts).toBe('Part 1 of 12 done · 0 rows so far');
    expect(progressLines(progress, at(15)).time).toBe('15 s elapsed · about 25 s left');
    expect(progressLines(progress, at(75)).time).toBe('1 min 15 s elapsed · almost done');
  });

  it('says when calls wait for the model provider, and stops saying it when they go out', () => {
    const waiting = run([0, { type: 'waiting', retryAt: new Date(T0 + 20_000).toISOString() }]);
    expect(progressLines(waiting, at(5)).waiting).toBe(
      'Waiting for the model provider: the next call goes out in 15 s',
    );
    expect(progressLines(waiting, at(20)).waiting).toBe('Waiting for the model provider');
    const resumed = applyProgress(waiting, { type: 'resumed' }, T0 + 21_000);
    expect(progressLines(resumed, at(21)).waiting).toBeNull();
  });

  it('gives no time left while calls wait for the provider, and counts on from there after', () => {
    const planned = run([0, { type: 'plan', parts: 1, estimatedRows: 3, estimatedSeconds: 6 }]);
    const retryAt = new Date(T0 + 30_000).toISOString();
    const waiting = applyProgress(planned, { type: 'waiting', retryAt }, T0 + 2000);
    expect(progressLines(waiting, at(20)).time).toBe('20 s elapsed');
    const again = applyProgress(waiting, { type: 'waiting', retryAt }, T0 + 10_000);
    const resumed = applyProgress(again, { type: 'resumed' }, T0 + 30_000);
    expect(progressLines(resumed, at(31)).time).toBe('31 s elapsed · about 3 s left');
  });
});

describe('streamed fields', () => {
  it('keeps each field from the first part in document order that found it', () => {
    const chunk = (index: number, fields: Record<string, string | number>): ExtractionProgress => ({
      type: 'chunk',
      index,
      count: 3,
      status: 'done',
      rows: [],
      fields,
    });
    const progress = [
      chunk(2, { total: 9, merchant: 'Late' }),
      chunk(0, { merchant: 'ACME' }),
      chunk(1, {}),
    ].reduce((at, event) => applyProgress(at, event), INITIAL_PROGRESS);
    expect(streamedFields(progress)).toEqual({ merchant: 'ACME', total: 9 });
    expect(streamedFields(INITIAL_PROGRESS)).toEqual({});
  });
});
