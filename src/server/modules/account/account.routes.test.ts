import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DownloadLink, UsagePage } from '../../../shared/account';
import type { ExtractionResponse } from '../../../shared/extraction';
import { browserFor, PASTED_TABLE, signUp, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string } };

async function runOnce(user: Browser): Promise<ExtractionResponse> {
  const response = await user.request('/api/extractions', { json: PASTED_TABLE });
  expect(response.status).toBe(200);
  return (await response.json()) as ExtractionResponse;
}

async function linkFor(user: Browser, usageId: string): Promise<DownloadLink> {
  const response = await user.request(`/api/account/usage/${usageId}/download`);
  expect(response.status).toBe(200);
  return (await response.json()) as DownloadLink;
}

/** Fetches a download link as anyone holding it would (no cookies). */
function download(app: TestApp, url: string) {
  return app.app.request(new URL(url).pathname);
}

/** Every row, in every table, that mentions the user. */
async function rowsOf(app: TestApp, userId: string): Promise<Record<string, number>> {
  const db = app.db;
  const count = async (query: Promise<unknown[]>) => (await query).length;
  return {
    users: await count(db.selectFrom('users').select('id').where('id', '=', userId).execute()),
    sessions: await count(
      db.selectFrom('sessions').select('id').where('userId', '=', userId).execute(),
    ),
    accounts: await count(
      db.selectFrom('accounts').select('id').where('userId', '=', userId).execute(),
    ),
    verifications: await count(
      db.selectFrom('verifications').select('id').where('value', '=', userId).execute(),
    ),
    user_credits: await count(
      db.selectFrom('user_credits').select('user_id').where('user_id', '=', userId).execute(),
    ),
    usage_tracking: await count(
      db.selectFrom('usage_tracking').select('id').where('user_id', '=', userId).execute(),
    ),
  };
}

async function userIdOf(app: TestApp, email: string): Promise<string> {
  return (
    await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).id;
}

describe.each(TEST_DATABASES)('the account API on $name', (database) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(database, { SIGNUP_CREDITS: '20' });
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('goes through a whole account life cycle over HTTP', async () => {
    const user = await signUp(app, { name: 'Life Cycle', email: 'cycle@example.com' });
    expect(await (await user.request('/api/account/credits')).json()).toEqual({
      credits_remaining: 20,
      credits_total: 20,
    });
    const run = await runOnce(user);
    expect(run.allowance).toEqual({ kind: 'credits', credits_remaining: 19, credits_total: 20 });
    const usage = (await (await user.request('/api/account/usage')).json()) as UsagePage;
    expect(usage).toMatchObject({ total: 1, records: [{ id: run.extraction_id, has_file: true }] });
    const link = await linkFor(user, run.extraction_id!);
    expect((await download(app, link.url)).status).toBe(200);

    await user.request('/api/auth/sign-out', { json: {} });
    expect((await user.request('/api/account/usage')).status).toBe(401);
    const signIn = await user.request('/api/auth/sign-in/email', {
      json: { email: 'cycle@example.com', password: user.password },
    });
    expect(signIn.status).toBe(200);
    expect(await (await user.request('/api/account/credits')).json()).toMatchObject({
      credits_remaining: 19,
    });

    const deleted = await user.request('/api/account', {
      method: 'DELETE',
      json: { confirmation: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    expect(await (await user.request('/api/auth/get-session')).json()).toBeNull();
    expect((await download(app, link.url)).status).toBe(404);
  });

  it('answers 401 to every account endpoint without a session', async () => {
    const stranger = browserFor(app);
    for (const path of ['/api/account', '/api/account/credits', '/api/account/usage'])
      expect((await stranger.request(path)).status).toBe(401);
    const deletion = await stranger.request('/api/account', {
      method: 'DELETE',
      json: { confirmation: 'DELETE' },
    });
    expect(deletion.status).toBe(401);
  });

  it('lists runs newest first with a total, in pages', async () => {
    const user = await signUp(app);
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) ids.push((await runOnce(user)).extraction_id!);
    const first = (await (await user.request('/api/account/usage')).json()) as UsagePage;
    expect(first.total).toBe(7);
    expect(first.records.map((record) => record.id)).toEqual(ids.slice(2).reverse());
    expect(first.records[0]).toMatchObject({
      extraction_type: 'text',
      rows_extracted: 2,
      success: true,
      has_file: true,
    });
    const rest = (await (
      await user.request('/api/account/usage?limit=5&offset=5')
    ).json()) as UsagePage;
    expect(rest.records.map((record) => record.id)).toEqual(ids.slice(0, 2).reverse());
    expect((await user.request('/api/account/usage?limit=1000')).status).toBe(400);
  });

  it('downloads a stored result through a link signed for an hour', async () => {
    const user = await signUp(app);
    const run = await runOnce(user);
    const link = await linkFor(user, run.extraction_id!);
    const expiresIn = Date.parse(link.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(3590_000);
    expect(expiresIn).toBeLessThanOrEqual(3600_000);

    const response = await download(app, link.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    const file = (await response.json()) as { data: unknown[] };
    expect(file.data).toEqual(run.rows);
  });

  it('refuses an altered or expired link', async () => {
    const user = await signUp(app);
    const link = await linkFor(user, (await runOnce(user)).extraction_id!);
    const token = link.url.split('/').pop()!;
    const [payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
      k: string;
      e: number;
    };
    const longer = Buffer.from(JSON.stringify({ ...claims, e: claims.e + 86_400 })).toString(
      'base64url',
    );
    for (const altered of [
      `${longer}.${signature}`,
      `${payload}.${signature!.slice(0, -2)}AA`,
      `${payload}`,
    ]) {
      const response = await app.app.request(`/api/downloads/${altered}`);
      expect(response.status).toBe(403);
      expect(((await response.json()) as ErrorBody).error.code).toBe('DOWNLOAD_LINK_INVALID');
    }
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3601_000);
    expect((await download(app, link.url)).status).toBe(403);
  });

  it('keeps every user to their own records and files', async () => {
    const alice = await signUp(app);
    const bob = await signUp(app);
    const alicesRun = await runOnce(alice);
    await runOnce(bob);

    expect(
      (await bob.request(`/api/account/usage/${alicesRun.extraction_id}/download`)).status,
    ).toBe(404);
    const bobsUsage = (await (await bob.request('/api/account/usage')).json()) as UsagePage;
    expect(bobsUsage.total).toBe(1);
    expect(bobsUsage.records.map((record) => record.id)).not.toContain(alicesRun.extraction_id);

    // A link is bound to the file it was made for: changing the path inside is refused.
    const link = await linkFor(bob, bobsUsage.records[0]!.id);
    const [payload, signature] = link.url.split('/').pop()!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as {
      k: string;
      e: number;
    };
    const alicesKey = (await app.storage.list(`${await userIdOf(app, alice.email)}/`))[0]!;
    const forged = Buffer.from(JSON.stringify({ ...claims, k: alicesKey })).toString('base64url');
    expect((await app.app.request(`/api/downloads/${forged}.${signature}`)).status).toBe(403);
  });

  it('deletes an account only with the confirmation text, and leaves nothing behind', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    await runOnce(user);
    await runOnce(user);
    await runOnce(other);
    await user.request('/api/auth/request-password-reset', {
      json: { email: user.email, redirectTo: '/reset-password' },
    });
    const userId = await userIdOf(app, user.email);
    const otherId = await userIdOf(app, other.email);
    expect((await app.storage.list(`${userId}/`)).length).toBe(2);
    expect(await rowsOf(app, userId)).toEqual({
      users: 1,
      sessions: 1,
      accounts: 1,
      verifications: 1,
      user_credits: 1,
      usage_tracking: 2,
    });

    const unconfirmed = await user.request('/api/account', {
      method: 'DELETE',
      json: { confirmation: 'delete' },
    });
    expect(unconfirmed.status).toBe(400);
    expect(((await unconfirmed.json()) as ErrorBody).error.message).toBe(
      "Please type 'DELETE' to confirm account deletion.",
    );
    expect((await rowsOf(app, userId)).users).toBe(1);

    const deleted = await user.request('/api/account', {
      method: 'DELETE',
      json: { confirmation: 'DELETE' },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.getSetCookie().some((cookie) => /session_token=;/.test(cookie))).toBe(
      true,
    );
    expect(await rowsOf(app, userId)).toEqual({
      users: 0,
      sessions: 0,
      accounts: 0,
      verifications: 0,
      user_credits: 0,
      usage_tracking: 0,
    });
    expect(await app.storage.list(`${userId}/`)).toEqual([]);
    expect((await user.request('/api/account')).status).toBe(401);
    const signIn = await browserFor(app).request('/api/auth/sign-in/email', {
      json: { email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(401);

    // The other user is untouched.
    expect(await rowsOf(app, otherId)).toMatchObject({ users: 1, usage_tracking: 1 });
    expect((await app.storage.list(`${otherId}/`)).length).toBe(1);
  });
});
