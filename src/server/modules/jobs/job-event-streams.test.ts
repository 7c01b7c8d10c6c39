import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExtractionResult } from '../../../shared/extraction';
import type { JobAccepted, JobEvent } from '../../../shared/jobs';
import { browserFor, TEST_ORIGIN, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { waitForJobEnd } from '../../../../tests/support/test-jobs';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

// GET /api/jobs/{id}/events: replays of finished jobs, and how many streams one person may hold.

type ErrorBody = { error: { code: string; message: string; requestId: string } };

const COLUMNS = [
  { name: 'day', type: 'number' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

/** A pasted table of `count` rows. */
function table(count: number): string {
  const lines = ['day\tdescription\tamount'];
  for (let day = 1; day <= count; day++) lines.push(`${day}\tPayment ${day}\t${day}.25`);
  return `${lines.join('\n')}\n`;
}

async function startJob(browser: Browser, texts: string[]): Promise<string> {
  const inputs = texts.map((text) => ({ text }));
  const accepted = await browser.request('/api/jobs', { json: { columns: COLUMNS, inputs } });
  expect(accepted.status).toBe(202);
  return ((await accepted.json()) as JobAccepted).id;
}

/** Opens the job's event stream as `browser`, holding it until `signal` aborts. */
function openEvents(
  testApp: TestApp,
  browser: Browser,
  jobId: string,
  signal?: AbortSignal,
  options: { lastEventId?: string; query?: string } = {},
) {
  const headers: Record<string, string> = { origin: TEST_ORIGIN, cookie: browser.jar.header() };
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  return testApp.app.request(`/api/jobs/${jobId}/events${options.query ?? ''}`, {
    headers,
    signal,
  });
}

/** Each event as a browser's EventSource sees it: its type, its id and its data. */
function parseFrames(text: string): { type: string; id: string; data: JobEvent }[] {
  return text
    .split('\n\n')
    .filter((block) => block.includes('data:'))
    .map((block) => {
      const lines = block.split('\n');
      const field = (name: string) =>
        lines
          .filter((line) => line.startsWith(`${name}: `))
          .map((line) => line.slice(name.length + 2));
      return {
        type: field('event')[0] ?? 'message',
        id: field('id')[0] ?? '',
        data: JSON.parse(field('data').join('\n')) as JobEvent,
      };
    });
}

/** Each event's data: its `data:` lines joined, as a browser's EventSource joins them. */
function parseEvents(text: string): JobEvent[] {
  return text
    .split('\n\n')
    .filter((block) => block.includes('data:'))
    .map((block) => {
      const lines = block.split('\n').filter((line) => line.startsWith('data: '));
      return JSON.parse(lines.map((line) => line.slice(6)).join('\n')) as JobEvent;
    });
}

describe.each(TEST_DATABASES)('job event replays on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('replays a finished 3,000-row job with every row, each time it is asked', async () => {
    const visitor = browserFor(app);
    const id = await startJob(visitor, [table(3_000), 'nothing here']);
    const job = await waitForJobEnd(visitor, id);
    expect(job.documents.map((document) => document.status_code)).toEqual([200, 207]);

    for (let replay = 0; replay < 3; replay++) {
      const events = parseEvents(await (await openEvents(app, visitor, id)).text());
      const documents = events.flatMap((event) => (event.type === 'document' ? [event] : []));
      const named = (name: string) => documents.find((event) => event.document.name === name);
      const big = named('Text 1');
      const fallback = named('Text 2');
      expect(documents).toHaveLength(2);
      expect(big?.rows).toHaveLength(3_000);
      expect(big?.rows[2_999]).toEqual({ day: 3000, description: 'Payment 3000', amount: 3000.25 });
      // A 207's fallback row (the raw text) comes with its document, for the page to show when
      // asked; it is not a row of data.
      expect(fallback?.rows).toHaveLength(1);
      expect(fallback?.document.fallback).toBe('no_rows');
      expect(events.at(-1)).toMatchObject({ type: 'end', job: { rows_total: 3_000 } });
    }
  });

  it('replays a large finished job in order with its event ids, and resumes after any of them', async () => {
    const visitor = browserFor(app);
    const id = await startJob(visitor, [table(3_000), table(5)]);
    await waitForJobEnd(visitor, id);

    // Asked for at once, and again after: the same events, the same bytes.
    const texts = await Promise.all(
      [1, 2, 3, 4].map(async () => (await openEvents(app, visitor, id)).text()),
    );
    texts.push(await (await openEvents(app, visitor, id)).text());
    for (const text of texts) expect(text).toBe(texts[0]);

    const frames = parseFrames(texts[0]!);
    const ids = frames.map((frame) => Number(frame.id));
    expect(ids.every((eventId, index) => index === 0 || eventId > ids[index - 1]!)).toBe(true);
    expect(frames.map((frame) => frame.type)).toEqual(frames.map((frame) => frame.data.type));
    expect(frames.at(-1)?.type).toBe('end');
    const big = frames.flatMap(({ data }) =>
      data.type === 'document' && data.document.name === 'Text 1' ? [data] : [],
    )[0];
    expect(big?.rows.map((row) => row.day)).toEqual(
      Array.from({ length: 3_000 }, (_, index) => index + 1),
    );

    // A dropped connection resumes after the last event it had, by header or by query (after
    // the end there is nothing more: a browser closes the stream itself).
    for (const [index, frame] of frames.slice(0, -1).entries()) {
      const rest = frames.slice(index + 1);
      const byHeader = await openEvents(app, visitor, id, undefined, { lastEventId: frame.id });
      expect(parseFrames(await byHeader.text())).toEqual(rest);
      const byQuery = await openEvents(app, visitor, id, undefined, {
        query: `?after=${frame.id}`,
      });
      expect(parseFrames(await byQuery.text())).toEqual(rest);
    }
  });

  it('replays a correction made after an earlier replay, and its undoing', async () => {
    const visitor = browserFor(app);
    const job = await waitForJobEnd(visitor, await startJob(visitor, [table(3)]));
    const replay = async () => {
      const events = parseEvents(await (await openEvents(app, visitor, job.id)).text());
      return events.find((event) => event.type === 'document');
    };
    expect((await replay())?.rows[1]).toMatchObject({ amount: 2.25 });

    const made = await visitor.request(`/api/jobs/${job.id}/corrections`, {
      json: {
        corrections: [{ document_id: job.documents[0]!.id, row: 1, column: 'amount', value: 7 }],
      },
    });
    expect(made.status).toBe(200);
    const corrected = await replay();
    expect(corrected?.rows[1]).toMatchObject({ amount: 7 });
    expect(corrected?.document.review?.edited).toBe(1);

    const { corrections } = (await made.json()) as { corrections: { id: string }[] };
    const undo = `/api/jobs/${job.id}/corrections/${corrections[0]!.id}`;
    expect((await visitor.request(undo, { method: 'DELETE' })).status).toBe(200);
    const undone = await replay();
    expect(undone?.rows[1]).toMatchObject({ amount: 2.25 });
    expect(undone?.document.review?.edited).toBe(0);
  });

  it('gives each document event its number columns’ decimals, corrected or not', async () => {
    const visitor = browserFor(app);
    const job = await waitForJobEnd(visitor, await startJob(visitor, [table(3), 'nothing here']));
    const results = await Promise.all(
      job.documents.map(async (document) => {
        const path = `/api/jobs/${job.id}/documents/${document.id}/result`;
        return (await (await visitor.request(path)).json()) as ExtractionResult;
      }),
    );
    // The amounts were written 1.25, 2.25, 3.25: the events say so, as the results keep it.
    expect(results[0]?.decimals).toMatchObject({ day: 0, amount: 2 });
    // Each document's decimals by its id (documents end, and send their events, in any order).
    const replay = async () => {
      const events = parseEvents(await (await openEvents(app, visitor, job.id)).text());
      const documents = events.flatMap((event) => (event.type === 'document' ? [event] : []));
      return job.documents.map((document) =>
        documents.find((event) => event.document.id === document.id),
      );
    };
    const expected = results.map((result) => result.decimals);
    expect((await replay()).map((event) => event?.decimals)).toEqual(expected);

    // A correction changes a value, not the decimals its column has in the source.
    const made = await visitor.request(`/api/jobs/${job.id}/corrections`, {
      json: {
        corrections: [{ document_id: job.documents[0]!.id, row: 0, column: 'amount', value: 9 }],
      },
    });
    expect(made.status).toBe(200);
    const corrected = await replay();
    expect(corrected[0]?.rows[0]).toMatchObject({ amount: 9 });
    expect(corrected.map((event) => event?.decimals)).toEqual(expected);
  });
});

describe.each(TEST_DATABASES)('open event streams on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    // Without workers the jobs stay queued, so their streams stay open.
    app = await createTestApp(database, { RUN_WORKERS: 'false', EVENT_STREAMS_PER_USER: '2' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('are capped per person with a clear 429; closing one makes room', async () => {
    const visitor = browserFor(app);
    const first = await startJob(visitor, [table(2)]);
    const second = await startJob(visitor, [table(3)]);
    const controllers = [new AbortController(), new AbortController()];
    const open = await Promise.all([
      openEvents(app, visitor, first, controllers[0]!.signal),
      openEvents(app, visitor, second, controllers[1]!.signal),
    ]);
    expect(open.map((response) => response.status)).toEqual([200, 200]);

    const refused = await openEvents(app, visitor, first);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as ErrorBody;
    expect(body.error).toMatchObject({
      code: 'TOO_MANY_EVENT_STREAMS',
      message:
        'You already follow 2 jobs’ progress at once, the most allowed. Close one of them and try again.',
    });
    expect(body.error.requestId).toBeTruthy();

    // Someone else is not held back by this visitor's streams.
    const other = browserFor(app);
    const theirs = new AbortController();
    const otherJob = await startJob(other, [table(2)]);
    expect((await openEvents(app, other, otherJob, theirs.signal)).status).toBe(200);

    controllers[0]!.abort();
    const retry = new AbortController();
    let again = await openEvents(app, visitor, first, retry.signal);
    for (let attempt = 0; attempt < 50 && again.status === 429; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await openEvents(app, visitor, first, retry.signal);
    }
    expect(again.status).toBe(200);
    for (const controller of [controllers[1]!, theirs, retry]) controller.abort();
  });
});
