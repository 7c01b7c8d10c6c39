import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { TrialStanding } from '../../../shared/account';
import type { ExtractionResponse } from '../../../shared/extraction';
import { browserFor, CookieJar, PASTED_TABLE } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { startFakeOpenAi, type FakeOpenAi } from '../../../../tests/support/fake-openai-server';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string; details?: unknown } };

/** What GET /api/trial answers a visitor who has not run anything yet. */
const FRESH: TrialStanding = { remaining: 3, limit: 3, used_up_by: null, signup_credits: 10 };

/** Three free runs, counted by cookie and by address; addresses come from X-Forwarded-For. */
const TRIAL = { TRIAL_RUNS: '3', TRIAL_RUNS_PER_ADDRESS_PER_DAY: '3', TRUST_PROXY: 'true' };

function visitor(app: TestApp, address: string, jar = new CookieJar()) {
  const browser = browserFor(app, jar);
  const headers = { 'x-forwarded-for': address };
  return {
    jar,
    run: () => browser.request('/api/extractions', { json: PASTED_TABLE, headers }),
    status: async () =>
      (await (await browser.request('/api/trial', { headers })).json()) as TrialStanding,
  };
}

describe.each(TEST_DATABASES)('the anonymous trial on $name', (database) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(database, TRIAL);
  });
  afterAll(async () => {
    await app.close();
  });

  it('allows three free runs, says how many remain, and refuses the fourth', async () => {
    const guest = visitor(app, '203.0.113.10');
    expect(await guest.status()).toEqual(FRESH);
    for (const remaining of [2, 1, 0]) {
      const response = await guest.run();
      expect(response.status).toBe(200);
      const body = (await response.json()) as ExtractionResponse;
      expect(body.allowance).toEqual({ kind: 'trial', remaining, limit: 3 });
      expect(body.stored).toBe(false);
      expect(body.extraction_id).toBeNull();
    }
    const refused = await guest.run();
    expect(refused.status).toBe(402);
    const error = (await refused.json()) as ErrorBody;
    expect(error.error.code).toBe('TRIAL_LIMIT_REACHED');
    expect(error.error.message).toBe(
      'You have used your 3 free extractions. Sign up to get 10 credits free.',
    );
    expect(await guest.status()).toEqual({
      remaining: 0,
      limit: 3,
      used_up_by: 'visitor',
      signup_credits: 10,
    });
  });

  it('still refuses the fourth run after the cookie is cleared', async () => {
    const guest = visitor(app, '203.0.113.20');
    for (let i = 0; i < 3; i++) expect((await guest.run()).status).toBe(200);
    guest.jar.clear();
    const refused = await guest.run();
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('TRIAL_LIMIT_REACHED');
  });

  it('says when the free runs were used up by others on the same network', async () => {
    const first = visitor(app, '203.0.113.25');
    for (let i = 0; i < 3; i++) expect((await first.run()).status).toBe(200);
    // A new browser at the same address has its own runs, but the address has none left today.
    const neighbour = visitor(app, '203.0.113.25');
    const standing = { remaining: 0, limit: 3, used_up_by: 'network', signup_credits: 10 };
    expect(await neighbour.status()).toEqual(standing);
    const refused = await neighbour.run();
    expect(refused.status).toBe(402);
    const { error } = (await refused.json()) as ErrorBody;
    expect(error.code).toBe('TRIAL_LIMIT_REACHED');
    expect(error.details).toEqual(standing);
    // The one who used them is told it was their own runs.
    expect((await first.status()).used_up_by).toBe('visitor');
  });

  it('follows the visitor’s cookie to another address', async () => {
    const atHome = visitor(app, '203.0.113.30');
    for (let i = 0; i < 3; i++) expect((await atHome.run()).status).toBe(200);
    const atWork = visitor(app, '198.51.100.30', atHome.jar);
    expect((await atWork.run()).status).toBe(402);
    // Someone else at that address still has their own runs.
    expect((await visitor(app, '198.51.100.30').run()).status).toBe(200);
  });

  it('does not count a forged cookie as a fresh visitor', async () => {
    const guest = visitor(app, '203.0.113.40');
    for (let i = 0; i < 3; i++) expect((await guest.run()).status).toBe(200);
    const forged = new CookieJar();
    forged.take(
      new Response(null, { headers: { 'set-cookie': 'rowsmith_trial=made-up.signature' } }),
    );
    expect((await visitor(app, '203.0.113.40', forged).run()).status).toBe(402);
  });

  it('tells a script without a key how to send one, once the free runs are used', async () => {
    // curl, another server: no Origin, no Sec-Fetch-Site, no cookie kept between requests.
    const script = (path: string, init: { json?: unknown; form?: FormData } = {}) =>
      app.app.request(path, {
        method: 'POST',
        headers: {
          'x-forwarded-for': '203.0.113.45',
          ...(init.json ? { 'content-type': 'application/json' } : {}),
        },
        body: init.form ?? JSON.stringify(init.json),
      });
    for (let i = 0; i < 3; i++)
      expect((await script('/api/extractions', { json: PASTED_TABLE })).status).toBe(200);
    const refused = await script('/api/extractions', { json: PASTED_TABLE });
    expect(refused.status).toBe(402);
    const { error } = (await refused.json()) as ErrorBody;
    expect(error.code).toBe('TRIAL_LIMIT_REACHED');
    expect(error.message).toBe(
      'You have used your 3 free extractions. Sign up to get 10 credits free, then create an API key in Settings and send it as Authorization: Bearer <key>.',
    );
    const batch = await script('/api/jobs', {
      json: { columns: PASTED_TABLE.columns, inputs: [{ text: 'a' }, { text: 'b' }] },
    });
    expect(batch.status).toBe(402);
    expect(((await batch.json()) as ErrorBody).error.message).toContain(
      'send it as Authorization: Bearer <key>.',
    );
  });

  it('stores nothing about anonymous runs', async () => {
    await visitor(app, '203.0.113.50').run();
    const usage = await app.db.selectFrom('usage_tracking').select('id').execute();
    expect(usage).toHaveLength(0);
    expect(await app.storage.list('anonymous/')).toEqual([]);
  });
});

describe('the anonymous trial when runs fail', () => {
  let fake: FakeOpenAi;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    fake = await startFakeOpenAi({ apiKey: 'test-key' });
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await fake.close();
  });

  it('does not use up a free run on a failed extraction', async () => {
    fake.setBehavior({ status: 500 });
    const app = await createTestApp(TEST_DATABASES[0]!, {
      ...TRIAL,
      OPENAI_API_KEY: 'test-key',
      OPENAI_BASE_URL: fake.baseUrl,
      OFFLINE_FAST_PATH: 'false',
    });
    apps.push(app);
    const guest = visitor(app, '203.0.113.60');
    const response = await guest.run();
    expect(response.status).toBe(500);
    expect(((await response.json()) as ExtractionResponse).allowance).toEqual({
      kind: 'trial',
      remaining: 3,
      limit: 3,
    });
    expect(await guest.status()).toEqual(FRESH);
  });

  it('lets exactly three of ten simultaneous anonymous runs through', async () => {
    const app = await createTestApp(TEST_DATABASES[0]!, TRIAL);
    apps.push(app);
    const guest = visitor(app, '203.0.113.70');
    await guest.status();
    const responses = await Promise.all(Array.from({ length: 10 }, () => guest.run()));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(3);
    expect(responses.filter((response) => response.status === 402)).toHaveLength(7);
  });
});
