import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credits } from '../../../shared/account';
import type { ApiKeySummary, CreatedApiKey } from '../../../shared/api-keys';
import type { Job, JobAccepted } from '../../../shared/jobs';
import { signUp } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string } };

const COLUMNS = [
  { name: 'item', type: 'text' },
  { name: 'price', type: 'number' },
];
const TEXT = 'item\tprice\nDesk\t120\nLamp\t19.5';

describe.each(TEST_DATABASES)('API keys on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database, { SIGNUP_CREDITS: '10', API_KEY_RATE_LIMIT: '30' });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A script's request: the key, no cookie, no Origin. */
  const withKey = (key: string, path: string, init: RequestInit = {}) =>
    app.app.request(path, {
      ...init,
      headers: { authorization: `Bearer ${key}`, ...(init.headers ?? {}) },
    });

  async function createKey(user: Awaited<ReturnType<typeof signUp>>, name: string) {
    const response = await user.request('/api/keys', { json: { name } });
    expect(response.status).toBe(201);
    return (await response.json()) as CreatedApiKey;
  }

  it('shows a key once, lists it by prefix only, and revokes it', async () => {
    const user = await signUp(app);
    const created = await createKey(user, 'Nightly import');
    expect(created.key.startsWith(created.prefix)).toBe(true);
    expect(created.key.length).toBeGreaterThan(40);

    const listed = (await (await user.request('/api/keys')).json()) as { keys: ApiKeySummary[] };
    expect(listed.keys).toEqual([
      {
        id: created.id,
        name: 'Nightly import',
        prefix: created.prefix,
        created_at: created.created_at,
        last_used_at: null,
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    expect((await withKey(created.key, '/api/account')).status).toBe(200);
    const used = (await (await user.request('/api/keys')).json()) as { keys: ApiKeySummary[] };
    expect(used.keys[0]!.last_used_at).not.toBeNull();

    const revoked = await user.request(`/api/keys/${created.id}`, { method: 'DELETE' });
    expect(revoked.status).toBe(200);
    const refused = await withKey(created.key, '/api/account');
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('INVALID_API_KEY');
    expect((await withKey('rsk_not-a-key', '/api/account/credits')).status).toBe(401);
  });

  it("charges the key's owner for a run and keeps other people's jobs hidden", async () => {
    const owner = await signUp(app);
    const { key } = await createKey(owner, 'script');

    const run = await withKey(key, '/api/extractions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://elsewhere.example' },
      body: JSON.stringify({ text: TEXT, columns: COLUMNS }),
    });
    expect(run.status).toBe(200);
    const credits = (await (await owner.request('/api/account/credits')).json()) as Credits;
    expect(credits.credits_remaining).toBe(9);

    const other = await signUp(app);
    const accepted = await other.request('/api/jobs', {
      json: { columns: COLUMNS, inputs: [{ text: TEXT }] },
    });
    const job = (await accepted.json()) as JobAccepted;
    expect((await withKey(key, `/api/jobs/${job.id}`)).status).toBe(404);

    const mine = await withKey(key, '/api/jobs', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ columns: COLUMNS, inputs: [{ text: TEXT }] }),
    });
    expect(mine.status).toBe(202);
    const { id } = (await mine.json()) as JobAccepted;
    const seen = (await (await withKey(key, `/api/jobs/${id}`)).json()) as Job;
    expect(seen.id).toBe(id);
  });

  it('keeps key management to the browser session, and the Origin check to cookies', async () => {
    const user = await signUp(app);
    const { key } = await createKey(user, 'ci');
    const minted = await withKey(key, '/api/keys', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'more' }),
    });
    expect(minted.status).toBe(403);
    expect(((await minted.json()) as ErrorBody).error.code).toBe('SESSION_REQUIRED');

    // The same key beside a cookie from a foreign page is a browser request: refused.
    const foreign = await user.request('/api/extractions', {
      json: { text: TEXT, columns: COLUMNS },
      headers: { authorization: `Bearer ${key}`, origin: 'https://elsewhere.example' },
    });
    expect(foreign.status).toBe(403);
    expect(((await foreign.json()) as ErrorBody).error.code).toBe('CROSS_SITE_REQUEST');
  });

  it('limits requests per key', async () => {
    const user = await signUp(app);
    const { key } = await createKey(user, 'busy');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await withKey(key, '/api/account/credits')).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    const limited = await withKey(key, '/api/account/credits');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('goes with the account', async () => {
    const user = await signUp(app);
    const { key } = await createKey(user, 'temporary');
    const deleted = await user.request('/api/account', {
      method: 'DELETE',
      json: { confirmation: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    expect((await withKey(key, '/api/account')).status).toBe(401);
  });
});
