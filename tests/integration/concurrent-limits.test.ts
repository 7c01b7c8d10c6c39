import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeySummary } from '../../src/shared/api-keys';
import type { CreditRequestList } from '../../src/shared/credit-requests';
import type { AutomationSettings, Extractor } from '../../src/shared/extractors';
import { signUp, type Browser } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/create-test-app';
import { TEST_DATABASES } from '../support/test-databases';

// Issue 28 point 6: each limit per user holds when 20 requests arrive at once (counted and
// added in one transaction under a lock on the user): the ones past it get the limit's error.

const AT_ONCE = 20;
const COLUMNS = [{ name: 'item', type: 'text' }];

type ErrorBody = { error: { code: string } };

/** Sends `count` requests at once; answers how many succeeded and the codes of the others. */
async function fireAtOnce(count: number, send: (index: number) => Promise<Response>) {
  const answers = await Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  const refusals: string[] = [];
  for (const answer of answers)
    if (answer.status >= 400) refusals.push(((await answer.json()) as ErrorBody).error.code);
  return { created: answers.filter((answer) => answer.status < 300).length, refusals };
}

const createExtractor = (user: Browser, name: string) =>
  user.request('/api/extractors', { json: { name, columns: COLUMNS } });

describe.each(TEST_DATABASES)('limits under concurrent requests on $name', (database) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(database, { ALLOW_PRIVATE_URLS: 'true', SCHEDULES_PER_USER: '5' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('keeps at most 5 schedules when 20 extractors are scheduled at once', async () => {
    const user = await signUp(app);
    const ids: string[] = [];
    for (let index = 0; index < AT_ONCE; index++)
      ids.push(((await (await createExtractor(user, `Page ${index}`)).json()) as Extractor).id);
    const { created, refusals } = await fireAtOnce(AT_ONCE, (index) =>
      user.request(`/api/extractors/${ids[index]}/schedule`, {
        method: 'PUT',
        json: { url: `http://127.0.0.1:9/page-${index}`, every: 'weekly' },
      }),
    );
    expect(created).toBe(5);
    expect(refusals).toEqual(Array(AT_ONCE - 5).fill('SCHEDULE_LIMIT_REACHED'));
    const settings = (await (
      await user.request('/api/extractors/automation')
    ).json()) as AutomationSettings;
    expect(settings.schedules_in_use).toBe(5);
  });

  it('keeps at most 100 extractors when the last 10 places are asked for 20 times at once', async () => {
    const user = await signUp(app);
    for (let index = 0; index < 90; index++) await createExtractor(user, `Kept ${index}`);
    const { created, refusals } = await fireAtOnce(AT_ONCE, (index) =>
      createExtractor(user, `Raced ${index}`),
    );
    expect(created).toBe(10);
    expect(refusals).toEqual(Array(10).fill('EXTRACTOR_LIMIT_REACHED'));
    const list = (await (await user.request('/api/extractors')).json()) as {
      extractors: Extractor[];
    };
    expect(list.extractors).toHaveLength(100);
  });

  it('keeps one open credit request when 20 are sent at once', async () => {
    const user = await signUp(app);
    const { created, refusals } = await fireAtOnce(AT_ONCE, () =>
      user.request('/api/credit-requests', {
        json: { credits: 50, message: 'Monthly statements for my bookkeeping.' },
      }),
    );
    expect(created).toBe(1);
    expect(refusals).toEqual(Array(AT_ONCE - 1).fill('CREDIT_REQUEST_PENDING'));
    const list = (await (await user.request('/api/credit-requests')).json()) as CreditRequestList;
    expect(list.requests).toHaveLength(1);
  });

  it('keeps at most 25 API keys when the last 10 are asked for 20 times at once', async () => {
    const user = await signUp(app);
    for (let index = 0; index < 15; index++)
      await user.request('/api/keys', { json: { name: `Kept ${index}` } });
    const { created, refusals } = await fireAtOnce(AT_ONCE, (index) =>
      user.request('/api/keys', { json: { name: `Raced ${index}` } }),
    );
    expect(created).toBe(10);
    expect(refusals).toEqual(Array(10).fill('API_KEY_LIMIT_REACHED'));
    const list = (await (await user.request('/api/keys')).json()) as { keys: ApiKeySummary[] };
    expect(list.keys).toHaveLength(25);
  });
});
