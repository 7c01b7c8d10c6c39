import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedApiKey } from '../../../shared/api-keys';
import { browserFor, signUp, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string; requestId: string } };

describe.each(TEST_DATABASES)('API keys and sessions on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
  });

  /** A script's request: the key, no cookie, no Origin. */
  const withKey = async (
    key: string,
    path: string,
    init: { method?: string; json?: unknown } = {},
  ) =>
    await app.app.request(path, {
      method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
      headers: {
        authorization: `Bearer ${key}`,
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });

  async function createKey(user: Browser, name = 'script') {
    const response = await user.request('/api/keys', { json: { name } });
    expect(response.status).toBe(201);
    return ((await response.json()) as CreatedApiKey).key;
  }

  async function signInAgain(email: string, password: string) {
    const browser = browserFor(app);
    const response = await browser.request('/api/auth/sign-in/email', {
      json: { email, password },
    });
    expect(response.status).toBe(200);
    return browser;
  }

  it('keeps the account, its email, name, password and webhook secret out of a key’s reach', async () => {
    const user = await signUp(app, { password: 'the right password' });
    const key = await createKey(user);
    const refusals = [
      withKey(key, '/api/account', { method: 'DELETE', json: { confirmation: 'DELETE' } }),
      withKey(key, '/api/auth/change-password', {
        json: { currentPassword: 'the right password', newPassword: 'chosen by a script' },
      }),
      withKey(key, '/api/auth/change-email', { json: { newEmail: 'thief@example.com' } }),
      withKey(key, '/api/auth/update-user', { json: { name: 'Renamed' } }),
      withKey(key, '/api/auth/revoke-sessions', { json: {} }),
      withKey(key, '/api/webhooks/secret'),
      withKey(key, '/api/webhooks/secret/rotate', { method: 'POST' }),
    ];
    for (const response of await Promise.all(refusals)) {
      expect(response.status, response.url).toBe(403);
      const { error } = (await response.json()) as ErrorBody;
      expect(error.code).toBe('SESSION_REQUIRED');
      expect(error.message).toMatch(/signed-in browser session/);
    }
    // Nothing changed: the account, its name and its password are as they were.
    const profile = (await (await withKey(key, '/api/account')).json()) as { full_name: string };
    expect(profile.full_name).toBe(
      (
        await app.db
          .selectFrom('users')
          .select('name')
          .where('email', '=', user.email)
          .executeTakeFirstOrThrow()
      ).name,
    );
    await signInAgain(user.email, 'the right password');
  });

  it('signs out other sessions when the password changes, and revokes keys only when asked', async () => {
    const user = await signUp(app, { password: 'old password 1' });
    const phone = await signInAgain(user.email, 'old password 1');
    const key = await createKey(user);

    const changed = await user.request('/api/auth/change-password', {
      json: { currentPassword: 'old password 1', newPassword: 'new password 2' },
    });
    expect(changed.status).toBe(200);
    // This browser stays signed in; the phone is signed out; the key still works.
    expect((await user.request('/api/account')).status).toBe(200);
    expect((await phone.request('/api/account')).status).toBe(401);
    expect((await withKey(key, '/api/account')).status).toBe(200);

    const again = await user.request('/api/auth/change-password', {
      json: {
        currentPassword: 'new password 2',
        newPassword: 'new password 3',
        revokeApiKeys: true,
      },
    });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ revokedApiKeys: 1 });
    expect((await withKey(key, '/api/account')).status).toBe(401);
    expect((await user.request('/api/account')).status).toBe(200);
  });

  it('signs out other sessions even when the client asks to keep them', async () => {
    const user = await signUp(app, { password: 'old password 1' });
    const laptop = await signInAgain(user.email, 'old password 1');
    const changed = await user.request('/api/auth/change-password', {
      json: {
        currentPassword: 'old password 1',
        newPassword: 'new password 2',
        revokeOtherSessions: false,
      },
    });
    expect(changed.status).toBe(200);
    expect((await laptop.request('/api/account')).status).toBe(401);
  });

  it('answers a wrong current password in our error shape, beside the field', async () => {
    const user = await signUp(app, { password: 'old password 1' });
    const response = await user.request('/api/auth/change-password', {
      json: { currentPassword: 'not it at all', newPassword: 'new password 2' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody & {
      error: { details: { fieldErrors: Record<string, string[]> } };
    };
    expect(body.error.code).toBe('CURRENT_PASSWORD_WRONG');
    expect(body.error.details.fieldErrors.currentPassword).toEqual([body.error.message]);
    expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
  });

  it('revokes keys on a password reset when asked, and keeps them otherwise', async () => {
    const resetWith = async (user: Browser & { email: string }, revokeApiKeys?: boolean) => {
      await user.request('/api/auth/request-password-reset', {
        json: { email: user.email, redirectTo: '/reset-password' },
      });
      const mail = app.logs.findLast(
        (line) => (line.mail as { to?: string } | undefined)?.to === user.email,
      )?.mail as { text: string };
      const token = /reset-password\/([^?\s]+)/.exec(mail.text)?.[1];
      return browserFor(app).request('/api/auth/reset-password', {
        json: {
          token,
          newPassword: 'a new password',
          ...(revokeApiKeys === undefined ? {} : { revokeApiKeys }),
        },
      });
    };
    const keeper = await signUp(app);
    const kept = await createKey(keeper);
    expect((await resetWith(keeper)).status).toBe(200);
    expect((await withKey(kept, '/api/account')).status).toBe(200);
    expect((await keeper.request('/api/account')).status).toBe(401);

    const worried = await signUp(app);
    const revoked = await createKey(worried);
    await createKey(worried, 'second');
    const reset = await resetWith(worried, true);
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ revokedApiKeys: 2 });
    expect((await withKey(revoked, '/api/account')).status).toBe(401);
  });
});
