import { describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import type { DocumentRef } from './job-queue';
import { createWorkerLoop } from './worker-loop';

const ref = (n: number): DocumentRef => ({ jobId: 'job', documentId: `document-${n}` });
const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the worker loop', () => {
  it('runs at most its concurrency, never one document twice at once, and takes more as they end', async () => {
    // Like the jobs tables: every document not yet ended, the running ones included.
    const unfinished = [1, 2, 3].map(ref);
    const asked: number[] = [];
    const loop = createWorkerLoop({
      logger: createLogger('silent'),
      pollMs: 60_000,
      take: (limit) => {
        asked.push(limit);
        return Promise.resolve([...unfinished]);
      },
    });
    const finish = new Map<string, () => void>();
    const started: string[] = [];
    loop.start((document) => {
      started.push(document.documentId);
      return new Promise<void>((resolve) =>
        finish.set(document.documentId, () => {
          unfinished.splice(unfinished.indexOf(document), 1);
          resolve();
        }),
      );
    }, 2);
    await tick();
    loop.wake();
    await tick();
    expect(started).toEqual(['document-1', 'document-2']);

    finish.get('document-1')!();
    await tick();
    expect(started).toEqual(['document-1', 'document-2', 'document-3']);
    expect(asked).toEqual([2, 1]);
    finish.get('document-2')!();
    finish.get('document-3')!();
    await loop.stop(1_000);
  });

  it('keeps going when a document fails or the engine cannot be reached', async () => {
    let calls = 0;
    const loop = createWorkerLoop({
      logger: createLogger('silent'),
      pollMs: 10,
      take: () => {
        calls += 1;
        if (calls === 1) return Promise.reject(new Error('connect ECONNREFUSED'));
        return Promise.resolve(calls === 2 ? [ref(1)] : calls === 3 ? [ref(2)] : []);
      },
    });
    const ran: string[] = [];
    loop.start((document) => {
      ran.push(document.documentId);
      return document.documentId === 'document-1'
        ? Promise.reject(new Error('read pool full'))
        : Promise.resolve();
    }, 1);
    for (let wait = 0; wait < 50 && ran.length < 2; wait++) await tick();
    await loop.stop(1_000);
    expect(ran).toEqual(['document-1', 'document-2']);
  });
});
