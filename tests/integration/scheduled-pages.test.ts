import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgBossSchemaOf } from '../../src/server/jobs/index';
import type { Extractor, ScheduleRun } from '../../src/shared/extractors';
import type { Job, JobPage } from '../../src/shared/jobs';
import { signUp, type Browser } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/create-test-app';
import { TEST_DATABASES } from '../support/test-databases';

// Issue 24, scheduled web pages, on a clock the test moves: pg-boss's ticks on PostgreSQL, the
// server's timer on SQLite (both asked for a tick now with jobQueue.tick()).

const HOUR = 3600_000;
const COLUMNS = [
  { name: 'item', type: 'text' },
  { name: 'price', type: 'number' },
];

function pageOf(rows: [string, number | string][]): string {
  const cells = rows.map(([item, price]) => `<tr><td>${item}</td><td>${price}</td></tr>`);
  return `<!doctype html><html><body><h1>Prices</h1><table><tr><th>item</th><th>price</th></tr>${cells.join('')}</table></body></html>`;
}

function ledgerOf(rows: [string, string, number][]): string {
  const cells = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`);
  return `<!doctype html><html><body><h1>Orders</h1><table><tr><th>id</th><th>item</th><th>price</th></tr>${cells.join('')}</table></body></html>`;
}

/** A supplier's price page that the test changes between runs, and a webhook receiver. */
async function startSite() {
  const site = { page: pageOf([]) as string | null, hooks: [] as string[] };
  const server: Server = createServer((request, response) => {
    if (request.method === 'POST') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        site.hooks.push(body);
        response.writeHead(200).end();
      });
      return;
    }
    if (site.page === null) response.writeHead(404).end('gone');
    else response.writeHead(200, { 'content-type': 'text/html' }).end(site.page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    site,
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(TEST_DATABASES)('scheduled web pages on $name', (database) => {
  let app: TestApp;
  let web: Awaited<ReturnType<typeof startSite>>;
  let offset = 0;

  beforeAll(async () => {
    web = await startSite();
    app = await createTestApp(
      database,
      {
        ALLOW_PRIVATE_URLS: 'true',
        SIGNUP_CREDITS: '10',
        SCHEDULES_PER_USER: '1',
        SCHEDULE_MAX_FAILURES: '2',
        // The timer stays out of the way; the test asks for each tick.
        SCHEDULE_TICK_SECONDS: '3600',
        WEBHOOK_RETRY_SECONDS: '1',
      },
      { clock: () => new Date(Date.now() + offset) },
    );
  });
  afterAll(async () => {
    await app.close();
    await web.close();
  });

  const extractorOf = async (user: Browser, id: string) =>
    (await (await user.request(`/api/extractors/${id}`)).json()) as Extractor;

  /**
   * A tick; answers the job it started, finished, or null when none started. The tick is over
   * once handled, so a run it started is known at once; a little longer is looked for, in case
   * the tick handled was one already waiting on PostgreSQL.
   */
  async function tick(user: Browser, id: string, expectRun = true): Promise<Job | null> {
    const before = (await extractorOf(user, id)).schedule?.last_job_id ?? null;
    await app.jobQueue.tick();
    for (let attempt = 0; attempt < (expectRun ? 150 : 10); attempt++) {
      const last = (await extractorOf(user, id)).schedule?.last_job_id ?? null;
      if (last && last !== before) {
        for (let wait = 0; wait < 150; wait++) {
          const job = (await (await user.request(`/api/jobs/${last}`)).json()) as Job;
          if (job.finished_at) return job;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return null;
  }

  async function finished(user: Browser, jobId: string): Promise<Job> {
    for (let attempt = 0; attempt < 150; attempt++) {
      const job = (await (await user.request(`/api/jobs/${jobId}`)).json()) as Job;
      if (job.finished_at) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${jobId} did not finish`);
  }

  const creditsOf = async (user: Browser) =>
    (
      (await (await user.request('/api/account/credits')).json()) as {
        credits_remaining: number;
      }
    ).credits_remaining;

  it('runs the page when asked and then on its schedule, appends only rows not seen before, and pauses after failures', async () => {
    const user = await signUp(app);
    const created = await user.request('/api/extractors', {
      json: { name: 'Price page', columns: COLUMNS },
    });
    const { id } = (await created.json()) as Extractor;
    await user.request(`/api/extractors/${id}/automation`, {
      method: 'PUT',
      json: { webhook_url: `${web.url}/hooks` },
    });
    web.site.page = pageOf([
      ['Desk', 120],
      ['Lamp', 19.5],
    ]);
    const setAt = Date.now() + offset;
    const set = await user.request(`/api/extractors/${id}/schedule`, {
      method: 'PUT',
      json: { url: `${web.url}/prices`, every: 'hourly' },
    });
    expect(set.status).toBe(200);
    const saved = ((await set.json()) as Extractor).schedule!;
    expect(saved).toMatchObject({
      url: `${web.url}/prices`,
      every: 'hourly',
      status: 'active',
      failures: 0,
      last_run_at: null,
    });
    // Saving does not run the page: its first run is an hour after it was set.
    const firstDue = Date.parse(saved.next_run_at!);
    expect(firstDue - setAt).toBeGreaterThan(HOUR - 5_000);
    expect(firstDue - setAt).toBeLessThanOrEqual(HOUR + 5_000);

    if (database.name === 'postgres') {
      // The clock is pg-boss's: one cron schedule, a tick a minute to whichever process is free.
      const schema = await pgBossSchemaOf(app.db);
      const { rows } = await sql<{ name: string; cron: string }>`
        select name, cron from ${sql.table(`${schema}.schedule`)}`.execute(app.db);
      expect(rows).toEqual([{ name: 'run-due-schedules', cron: '* * * * *' }]);
    }

    // Saved again and again (another address, another interval, back): no run, no credit, and
    // the clock stays where it was set.
    for (let save = 0; save < 15; save++) {
      const again = await user.request(`/api/extractors/${id}/schedule`, {
        method: 'PUT',
        json: {
          url: save % 2 ? `${web.url}/prices?save=${save}` : `${web.url}/prices`,
          every: save === 14 ? 'hourly' : (['hourly', 'daily', 'weekly'] as const)[save % 3],
        },
      });
      expect(again.status).toBe(200);
    }
    expect(await tick(user, id, false)).toBeNull();
    expect(await creditsOf(user)).toBe(10);
    const resaved = (await extractorOf(user, id)).schedule!;
    expect(resaved).toMatchObject({ url: `${web.url}/prices`, every: 'hourly', last_job_id: null });
    expect(Date.parse(resaved.next_run_at!)).toBe(firstDue);

    // The server holds the shortest interval whatever it is sent.
    for (const every of ['minutely', 60, 'PT1M']) {
      const refused = await user.request(`/api/extractors/${id}/schedule`, {
        method: 'PUT',
        json: { url: `${web.url}/prices`, every },
      });
      expect(refused.status, String(every)).toBe(400);
    }
    const withTime = await user.request(`/api/extractors/${id}/schedule`, {
      method: 'PUT',
      json: { url: `${web.url}/prices`, every: 'hourly', next_run_at: new Date().toISOString() },
    });
    expect(withTime.status).toBe(400);

    // Run now runs it at once, paid as a run; a second click within the minute is refused.
    const runNow = await user.request(`/api/extractors/${id}/schedule/run`, { method: 'POST' });
    expect(runNow.status).toBe(202);
    const started = (await runNow.json()) as ScheduleRun;
    expect(started.extractor.schedule?.last_job_id).toBe(started.job!.id);
    const tooSoon = await user.request(`/api/extractors/${id}/schedule/run`, { method: 'POST' });
    expect(tooSoon.status).toBe(429);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(((await tooSoon.json()) as { error: { code: string } }).error.code).toBe(
      'SCHEDULE_RUN_TOO_SOON',
    );
    const first = await finished(user, started.job!.id);
    expect(first).toMatchObject({
      status: 'succeeded',
      rows_total: 2,
      origin: { kind: 'schedule', extractor_id: id, url: `${web.url}/prices` },
    });
    // Not due again until an hour has passed.
    expect(await tick(user, id, false)).toBeNull();

    web.site.page = pageOf([
      ['Desk', 120],
      ['Chair', 45],
      ['Lamp', 19.5],
    ]);
    offset += HOUR;
    const second = await tick(user, id);
    expect(second?.rows_total).toBe(1);
    const result = (await (await user.request(`/api/jobs/${second!.id}/result`)).json()) as {
      rows: { item: string }[];
    };
    expect(result.rows.map((row) => row.item)).toEqual(['Chair']);
    const kept = await user.request(`/api/extractors/${id}/schedule/rows?format=csv`);
    const csv = await kept.text();
    expect(csv.split('\r\n')[0]).toBe('item,price,first_seen');
    expect(csv).toMatch(/Desk,120,.*\r\nLamp,19\.5,.*\r\nChair,45,/);
    expect(await creditsOf(user)).toBe(8);
    const history = (await (await user.request('/api/jobs')).json()) as JobPage;
    expect(history.jobs.map((job) => job.origin?.kind)).toEqual(['schedule', 'schedule']);
    await expect.poll(() => web.site.hooks.length, { timeout: 10_000 }).toBe(2);
    expect(JSON.parse(web.site.hooks[1]!)).toMatchObject({ data: { id: second!.id } });

    // The page goes away: two failed runs in a row (SCHEDULE_MAX_FAILURES) pause the schedule.
    web.site.page = null;
    for (const _run of [1, 2]) {
      offset += HOUR;
      expect((await tick(user, id))?.status).toBe('failed');
    }
    await app.jobQueue.tick();
    await expect
      .poll(async () => (await extractorOf(user, id)).schedule?.status, { timeout: 10_000 })
      .toBe('paused');
    const paused = (await extractorOf(user, id)).schedule!;
    expect(paused.paused_reason).toMatch(
      /^Paused after 2 failed runs in a row\. The last one said: /,
    );
    expect(paused.next_run_at).toBeNull();
    offset += HOUR;
    expect(await tick(user, id, false)).toBeNull();

    // Setting it again resumes it; a second schedule is over this user's cap of one.
    web.site.page = pageOf([['Desk', 120]]);
    const resumed = await user.request(`/api/extractors/${id}/schedule`, {
      method: 'PUT',
      json: { url: `${web.url}/prices`, every: 'daily' },
    });
    expect(((await resumed.json()) as Extractor).schedule).toMatchObject({
      status: 'active',
      failures: 0,
    });
    const other = (await (
      await user.request('/api/extractors', { json: { name: 'Other page', columns: COLUMNS } })
    ).json()) as Extractor;
    const refused = await user.request(`/api/extractors/${other.id}/schedule`, {
      method: 'PUT',
      json: { url: `${web.url}/other`, every: 'weekly' },
    });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'SCHEDULE_LIMIT_REACHED',
    );
    // An extractor without a schedule has nothing to run now.
    const nothing = await user.request(`/api/extractors/${other.id}/schedule/run`, {
      method: 'POST',
    });
    expect(nothing.status).toBe(404);
  });

  it('updates a collected row by its key, carries corrections to the collection, keeps the rows after Remove and starts again when asked', async () => {
    const user = await signUp(app);
    const { id } = (await (
      await user.request('/api/extractors', {
        json: {
          name: 'Orders page',
          columns: [{ name: 'id', type: 'text' }, ...COLUMNS],
        },
      })
    ).json()) as Extractor;
    const url = `${web.url}/orders`;
    const refused = await user.request(`/api/extractors/${id}/schedule`, {
      method: 'PUT',
      json: { url, every: 'daily', key_columns: ['order'] },
    });
    expect(refused.status).toBe(400);
    expect(
      ((await refused.json()) as { error: { details: { fieldErrors: Record<string, string[]> } } })
        .error.details.fieldErrors.key_columns,
    ).toEqual(['The extractor has no column “order”.']);
    const set = await user.request(`/api/extractors/${id}/schedule`, {
      method: 'PUT',
      json: { url, every: 'daily', key_columns: ['id'] },
    });
    const saved = ((await set.json()) as Extractor).schedule!;
    expect(saved.key_columns).toEqual(['id']);
    // Saving it unchanged changes nothing, even with the clock moved on.
    offset += 10 * 60_000;
    const again = await user.request(`/api/extractors/${id}/schedule`, {
      method: 'PUT',
      json: { url, every: 'daily' },
    });
    expect(((await again.json()) as Extractor).schedule).toEqual(saved);

    const runNow = async () => {
      offset += 2 * 60_000;
      const answer = await user.request(`/api/extractors/${id}/schedule/run`, { method: 'POST' });
      expect(answer.status).toBe(202);
      return finished(user, ((await answer.json()) as ScheduleRun).job!.id);
    };
    const collected = async () =>
      (await (await user.request(`/api/extractors/${id}/schedule/rows?format=csv`)).text())
        .split('\r\n')
        .filter(Boolean)
        .map((line) => line.split(',').slice(0, 3).join(','));

    web.site.page = ledgerOf([
      ['TX-1', 'Desk', 120],
      ['TX-2', 'Lamp', 19.5],
    ]);
    expect((await runNow()).rows_total).toBe(2);
    // The next day's page has another price for TX-1: it replaces the row, in its place.
    web.site.page = ledgerOf([
      ['TX-1', 'Desk', 125],
      ['TX-2', 'Lamp', 19.5],
      ['TX-3', 'Chair', 45],
    ]);
    const second = await runNow();
    expect(second.rows_total).toBe(2);
    const secondResult = (await (
      await user.request(`/api/jobs/${second.id}/documents/${second.documents[0]!.id}/result`)
    ).json()) as { rows: { id: string }[]; warnings: string[] };
    expect(secondResult.rows.map((row) => row.id)).toEqual(['TX-1', 'TX-3']);
    expect(secondResult.warnings).toEqual(
      expect.arrayContaining([
        '1 row was found by earlier runs.',
        '1 row updated the collected row with the same key.',
      ]),
    );
    expect(await collected()).toEqual([
      'id,item,price',
      'TX-1,Desk,125',
      'TX-2,Lamp,19.5',
      'TX-3,Chair,45',
    ]);

    // A correction to the run's job reaches the collection; undoing it takes it back.
    const correct = async (value: number) =>
      user.request(`/api/jobs/${second.id}/corrections`, {
        json: {
          corrections: [{ document_id: second.documents[0]!.id, row: 1, column: 'price', value }],
        },
      });
    const corrected = (await (await correct(47)).json()) as { corrections: { id: string }[] };
    expect((await collected())[3]).toBe('TX-3,Chair,47');
    await user.request(`/api/jobs/${second.id}/corrections/${corrected.corrections[0]!.id}`, {
      method: 'DELETE',
    });
    expect((await collected())[3]).toBe('TX-3,Chair,45');
    await correct(47);
    // A run that reads the same uncorrected row again keeps the correction.
    expect((await runNow()).rows_total).toBe(0);
    expect((await collected()).slice(1)).toEqual([
      'TX-1,Desk,125',
      'TX-2,Lamp,19.5',
      'TX-3,Chair,47',
    ]);

    // Removing the schedule keeps what it collected, until a new collection is asked for.
    const removed = await user.request(`/api/extractors/${id}/schedule`, { method: 'DELETE' });
    expect((await removed.json()) as Extractor).toMatchObject({
      schedule: null,
      collected_rows: 3,
    });
    expect(await collected()).toHaveLength(4);
    const restarted = await user.request(`/api/extractors/${id}/schedule`, {
      method: 'PUT',
      json: { url: `${web.url}/orders-2027`, every: 'weekly', new_collection: true },
    });
    expect((await restarted.json()) as Extractor).toMatchObject({
      collected_rows: 0,
      schedule: { key_columns: [], rows: 0 },
    });
  });

  it('keeps a run held for review out of the collected rows until its flagged values are reviewed', async () => {
    const user = await signUp(app);
    const { id } = (await (
      await user.request('/api/extractors', { json: { name: 'Held prices', columns: COLUMNS } })
    ).json()) as Extractor;
    await user.request(`/api/extractors/${id}/automation`, {
      method: 'PUT',
      json: { hold_for_review: true },
    });
    await user.request(`/api/extractors/${id}/schedule`, {
      method: 'PUT',
      json: { url: `${web.url}/held`, every: 'daily' },
    });
    web.site.page = pageOf([
      ['Desk', 120],
      ['Lamp', 'ask us'],
    ]);
    offset += 2 * 60_000;
    const started = (await (
      await user.request(`/api/extractors/${id}/schedule/run`, { method: 'POST' })
    ).json()) as ScheduleRun;
    const job = await finished(user, started.job!.id);
    expect(job.waiting_for_review, JSON.stringify(job)).toBe(true);
    expect(await extractorOf(user, id)).toMatchObject({
      collected_rows: 0,
      schedule: { rows: 0, rows_waiting_for_review: 2 },
    });
    const rows = async () =>
      (
        (await (await user.request(`/api/extractors/${id}/schedule/rows?format=json`)).json()) as {
          rows: { item: string; price: number | null }[];
        }
      ).rows.map((row) => `${row.item} ${row.price}`);
    expect(await rows()).toEqual([]);

    await user.request(`/api/jobs/${job.id}/corrections`, {
      json: {
        corrections: [{ document_id: job.documents[0]!.id, row: 1, column: 'price', value: 25 }],
      },
    });
    expect(await rows()).toEqual(['Desk 120', 'Lamp 25']);
    expect(await extractorOf(user, id)).toMatchObject({
      collected_rows: 2,
      schedule: { rows: 2, rows_waiting_for_review: 0 },
    });
  });
});
