// Saving a schedule again and again (issue 28): 15 saves of a weekly schedule in 5 s, then as
// long again for the server's timer (SCHEDULE_TICK_SECONDS=1 here) to look: how often the page
// was fetched, the runs the schedule started and the credits they took. Beside it, Run now
// pressed 15 times in 5 s, which may run the page once a minute.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Extractor } from '../../src/shared/extractors';
import type { JobPage } from '../../src/shared/jobs';
import { signUpOn, type SignedIn } from '../support/bench-account';
import type { BenchServer } from '../support/bench-server';

const PRESSES = 15;
const WINDOW_MS = 5_000;

export const SCHEDULE_SAVES = {
  presses: PRESSES,
  windowMs: WINDOW_MS,
  settings: { ALLOW_PRIVATE_URLS: 'true', SCHEDULE_TICK_SECONDS: '1', SIGNUP_CREDITS: '100' },
};

const PAGE = `<!doctype html><html><body><table><tr><th>item</th><th>price</th></tr>
<tr><td>Desk</td><td>120</td></tr><tr><td>Lamp</td><td>19.5</td></tr></table></body></html>`;

export type PressFigures = {
  /** The answers' statuses, in order. */
  answers: number[];
  fetches: number;
  runs: number;
  creditsTaken: number;
};

/** A page that counts its fetches, by path. */
async function startCountingPage() {
  const fetches = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page').pathname;
    fetches.set(path, (fetches.get(path) ?? 0) + 1);
    response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fetchesOf: (path: string) => fetches.get(path) ?? 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const credits = async (user: SignedIn) =>
  ((await (await user.call('/api/account/credits')).json()) as { credits_remaining: number })
    .credits_remaining;

/** The user's runs made by a schedule, once every one of them has ended (at most 60 s). */
async function settledRuns(user: SignedIn): Promise<number> {
  for (let wait = 0; wait < 120; wait++) {
    const page = (await (await user.call('/api/jobs?limit=100')).json()) as JobPage;
    const runs = page.jobs.filter((job) => job.origin?.kind === 'schedule');
    if (runs.every((job) => job.finished_at)) return runs.length;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the runs did not end within a minute');
}

/** `press` called PRESSES times, evenly over WINDOW_MS, then as long again for the timer. */
async function pressOverWindow(press: (index: number) => Promise<Response>): Promise<number[]> {
  const answers: number[] = [];
  for (let index = 0; index < PRESSES; index++) {
    answers.push((await press(index)).status);
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS / PRESSES));
  }
  await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
  return answers;
}

async function scheduledExtractor(user: SignedIn): Promise<string> {
  const created = await user.call('/api/extractors', {
    json: {
      name: 'Price page',
      columns: [
        { name: 'item', type: 'text' },
        { name: 'price', type: 'number' },
      ],
    },
  });
  if (created.status !== 201) throw new Error(`extractor refused: ${await created.text()}`);
  return ((await created.json()) as Extractor).id;
}

async function measure(
  page: Awaited<ReturnType<typeof startCountingPage>>,
  base: string,
  path: string,
  press: (user: SignedIn, id: string, url: string, index: number) => Promise<Response>,
): Promise<PressFigures> {
  const user = await signUpOn(base);
  const id = await scheduledExtractor(user);
  const before = await credits(user);
  const answers = await pressOverWindow((index) => press(user, id, `${page.url}${path}`, index));
  const runs = await settledRuns(user);
  return {
    answers,
    fetches: page.fetchesOf(path),
    runs,
    creditsTaken: before - (await credits(user)),
  };
}

const saveSchedule = (user: SignedIn, id: string, url: string) =>
  user.call(`/api/extractors/${id}/schedule`, {
    method: 'PUT',
    json: { url, every: 'weekly' },
  });

export async function runScheduleSaves(
  server: BenchServer,
): Promise<{ saves: PressFigures; runNow: PressFigures }> {
  const page = await startCountingPage();
  try {
    const saves = await measure(page, server.base, '/saved', saveSchedule);
    const runNow = await measure(page, server.base, '/run-now', async (user, id, url, index) => {
      if (index === 0) await saveSchedule(user, id, url);
      return user.call(`/api/extractors/${id}/schedule/run`, { method: 'POST' });
    });
    return { saves, runNow };
  } finally {
    await page.close();
  }
}
