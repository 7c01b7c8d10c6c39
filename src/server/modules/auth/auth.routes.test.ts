import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { isPostgres } from '../../db/dialect';
import { browserFor, signUp } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string; details?: unknown } };
type SessionBody = { user: { email: string; name: string }; session: { expiresAt: string } } | null;

/** Writes a better-auth timestamp the way it stores them on each database. */
function authTime(app: TestApp, date: Date): string {
  return (isPostgres(app.db) ? date : date.toISOString()) as string;
}

function resetLinkIn(text: string): string {
  const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(text)?.[0];
  expect(link).toBeDefined();
  return link!;
}

/** Follows the emailed link as a browser would and answers the token it hands to the page. */
async function tokenFromLink(app: TestApp, link: string): Promise<string> {
  const url = new URL(link);
  const response = await app.app.request(url.pathname + url.search);
  expect(response.status).toBe(302);
  const target = new URL(response.headers.get('location')!, 'http://localhost:3000');
  expect(target.pathname).toBe('/reset-password');
  return target.searchParams.get('token')!;
}

describe.each(TEST_DATABASES)('accounts on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database, { AUTH_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('signs up with full name, email and password, and is signed in at once', async () => {
    const user = await signUp(app, { name: 'Ada Lovelace', email: 'Ada@Example.com' });
    const session = (await (await user.request('/api/auth/get-session')).json()) as SessionBody;
    expect(session?.user).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace' });

    const profile: unknown = await (await user.request('/api/account')).json();
    expect(profile).toMatchObject({
      email: 'ada@example.com',
      full_name: 'Ada Lovelace',
      plan: 'Foundation',
    });
    expect(await (await user.request('/api/account/credits')).json()).toEqual({
      credits_remaining: 10,
      credits_total: 10,
    });
  });

  it('sets the session cookie HttpOnly and SameSite=Lax, without Secure over plain http', async () => {
    const browser = browserFor(app);
    const response = await browser.request('/api/auth/sign-up/email', {
      json: { name: 'Cookie Check', email: 'cookie@example.com', password: 'long enough pw' },
    });
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('refuses a short password with a clear message and creates nothing', async () => {
    const browser = browserFor(app);
    const response = await browser.request('/api/auth/sign-up/email', {
      json: { name: 'Short', email: 'short@example.com', password: 'abc' },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.details).toMatchObject({
      fieldErrors: { password: ['Password must be at least 8 characters'] },
    });
    const users = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'short@example.com')
      .execute();
    expect(users).toHaveLength(0);
  });

  it('makes no second account with the same email (and says so only to its owner)', async () => {
    await signUp(app, { email: 'twice@example.com' });
    const again = browserFor(app);
    const response = await again.request('/api/auth/sign-up/email', {
      json: { name: 'Again', email: 'twice@example.com', password: 'another password' },
    });
    // The answer is a new account's (sign-up.test.ts), but nobody is signed in to anything.
    expect(response.status).toBe(200);
    expect((await again.request('/api/account')).status).toBe(401);
    const users = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'twice@example.com')
      .execute();
    expect(users).toHaveLength(1);
  });

  it('signs out, signs in again, and refuses a wrong password', async () => {
    const user = await signUp(app);
    expect((await user.request('/api/auth/sign-out', { json: {} })).status).toBe(200);
    expect(await (await user.request('/api/auth/get-session')).json()).toBeNull();
    expect((await user.request('/api/account')).status).toBe(401);

    const wrong = await user.request('/api/auth/sign-in/email', {
      json: { email: user.email, password: 'not the password' },
    });
    expect(wrong.status).toBe(401);
    const right = await user.request('/api/auth/sign-in/email', {
      json: { email: user.email, password: user.password },
    });
    expect(right.status).toBe(200);
    expect((await user.request('/api/account')).status).toBe(200);
  });

  it('answers every refusal of the account library in our error shape', async () => {
    const user = await signUp(app, { password: 'right password' });
    const expectError = async (response: Response, status: number, code: string) => {
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toContain('application/json');
      const { error } = (await response.json()) as ErrorBody & { error: { requestId: string } };
      expect(error.code).toBe(code);
      expect(error.message.length).toBeGreaterThan(0);
      expect(error.requestId).toBe(response.headers.get('x-request-id'));
      return error;
    };
    const wrong = await browserFor(app).request('/api/auth/sign-in/email', {
      json: { email: user.email, password: 'wrong password' },
    });
    expect((await expectError(wrong, 401, 'INVALID_CREDENTIALS')).message).toBe(
      'Invalid email or password.',
    );
    const badToken = await browserFor(app).request('/api/auth/reset-password', {
      json: { token: 'not-a-token', newPassword: 'a new password' },
    });
    await expectError(badToken, 400, 'AUTH_LINK_INVALID');
    const noSession = await browserFor(app).request('/api/auth/change-password', {
      json: { currentPassword: 'right password', newPassword: 'a new password' },
    });
    await expectError(noSession, 401, 'UNAUTHENTICATED');
    const unknown = await browserFor(app).request('/api/auth/no-such-endpoint', { json: {} });
    await expectError(unknown, 404, 'API_ROUTE_NOT_FOUND');
    const disabled = await user.request('/api/auth/change-email', {
      json: { newEmail: 'other@example.com' },
    });
    await expectError(disabled, 400, 'AUTH_REQUEST_REFUSED');
  });

  it('ends an expired session and extends one that is used after the refresh age', async () => {
    const user = await signUp(app);
    const { id: userId } = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();

    // Used two days ago and due to expire in five: better-auth extends it to a full week.
    const dayMs = 24 * 3600 * 1000;
    await app.db
      .updateTable('sessions')
      .set({
        expiresAt: authTime(app, new Date(Date.now() + 5 * dayMs)),
        updatedAt: authTime(app, new Date(Date.now() - 2 * dayMs)),
      })
      .where('userId', '=', userId)
      .execute();
    const refreshed = (await (await user.request('/api/auth/get-session')).json()) as SessionBody;
    const expiresInDays = (new Date(refreshed!.session.expiresAt).getTime() - Date.now()) / dayMs;
    expect(expiresInDays).toBeGreaterThan(6.9);

    await app.db
      .updateTable('sessions')
      .set({ expiresAt: authTime(app, new Date(Date.now() - 1000)) })
      .where('userId', '=', userId)
      .execute();
    expect(await (await user.request('/api/auth/get-session')).json()).toBeNull();
    expect((await user.request('/api/account')).status).toBe(401);
  });
});

describe('auth limits and cookies', () => {
  const database = TEST_DATABASES[0]!;
  const apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('rate limits sign-in attempts per client address', async () => {
    const app = await createTestApp(database, { AUTH_RATE_LIMIT: '3' });
    apps.push(app);
    const browser = browserFor(app);
    const attempt = () =>
      browser.request('/api/auth/sign-in/email', {
        json: { email: 'nobody@example.com', password: 'whatever you like' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as ErrorBody).error.code).toBe('AUTH_RATE_LIMITED');
  });

  it('throttles sign-in per account as well, whichever addresses the tries come from', async () => {
    const app = await createTestApp(database, {
      TRUST_PROXY: 'true',
      AUTH_ACCOUNT_RATE_LIMIT: '3',
      AUTH_ACCOUNT_RATE_WINDOW_SECONDS: '900',
    });
    apps.push(app);
    const victim = await signUp(app, { email: 'victim@example.com', password: 'right password' });
    const bystander = await signUp(app, { email: 'bystander@example.com' });
    const attempt = (email: string, password: string, address: string) =>
      browserFor(app).request('/api/auth/sign-in/email', {
        json: { email, password },
        headers: { 'x-forwarded-for': address },
      });

    // Five addresses share three tries at the victim's account; the email is normalised.
    const statuses: number[] = [];
    for (const [index, email] of [
      'victim@example.com',
      ' Victim@Example.COM ',
      'victim@example.com',
      'VICTIM@example.com',
      'victim@example.com',
    ].entries())
      statuses.push((await attempt(email, `guess ${index}`, `198.51.100.${index + 1}`)).status);
    // (better-auth refuses the padded email as malformed, but it still counts as a try.)
    expect(statuses).toEqual([401, 400, 401, 429, 429]);

    // Even the right password waits from an address that never signed in to the account (the
    // owner's own devices and networks are counted apart: sign-in-throttle.test.ts), and the
    // answer says how long, and how the owner gets in meanwhile.
    const limited = await attempt(victim.email, victim.password, '192.0.2.77');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    const { error } = (await limited.json()) as ErrorBody;
    expect(error.code).toBe('SIGN_IN_PAUSED');
    expect(error.message).toContain(`please wait ${retryAfter} seconds`);
    expect(error.message).toContain('the link we email lets you in');

    // Another account, from the very same addresses, is unaffected.
    expect((await attempt(bystander.email, 'wrong password', '198.51.100.1')).status).toBe(401);
    expect((await attempt(bystander.email, bystander.password, '198.51.100.2')).status).toBe(200);

    // The limiter keeps hashes, never the email.
    const keys = await app.db.selectFrom('rate_limit_events').select('key').execute();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.some(({ key }) => key.includes('victim'))).toBe(false);
  });

  it('does not count successful sign-ins against the account', async () => {
    const app = await createTestApp(database, { AUTH_ACCOUNT_RATE_LIMIT: '2' });
    apps.push(app);
    const user = await signUp(app, { email: 'regular@example.com', password: 'right password' });
    for (let i = 0; i < 4; i++) {
      const response = await browserFor(app).request('/api/auth/sign-in/email', {
        json: { email: user.email, password: user.password },
      });
      expect(response.status).toBe(200);
    }
  });

  it('rate limits per address with a sliding window: no burst at a window boundary', async () => {
    const app = await createTestApp(database, {
      AUTH_RATE_LIMIT: '3',
      AUTH_RATE_WINDOW_SECONDS: '60',
    });
    apps.push(app);
    const browser = browserFor(app);
    const attempt = () =>
      browser.request('/api/auth/sign-in/email', {
        json: { email: 'nobody@example.com', password: 'whatever you like' },
      });
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Three tries just before a minute boundary, three just after: only three get through.
      vi.setSystemTime(new Date(Date.UTC(2026, 5, 1, 12, 0, 58)));
      const before = [await attempt(), await attempt(), await attempt()];
      vi.setSystemTime(new Date(Date.UTC(2026, 5, 1, 12, 1, 2)));
      const after = [await attempt(), await attempt(), await attempt()];
      expect([...before, ...after].map((response) => response.status)).toEqual([
        401, 401, 401, 429, 429, 429,
      ]);
      expect(Number(after[0]!.headers.get('retry-after'))).toBe(56);
      vi.setSystemTime(new Date(Date.UTC(2026, 5, 1, 12, 1, 58)));
      expect((await attempt()).status).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks cookies Secure when the app is served over HTTPS', async () => {
    const app = await createTestApp(database, { APP_URL: 'https://rowsmith.example' });
    apps.push(app);
    const response = await app.app.request('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: 'https://rowsmith.example', 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Secure',
        email: 'secure@example.com',
        password: 'long enough pw',
      }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token'));
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
  });

  it('refuses a sign-in posted from another site', async () => {
    const app = await createTestApp(database);
    apps.push(app);
    await signUp(app, { email: 'csrf@example.com', password: 'long enough pw' });
    const response = await app.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'csrf@example.com', password: 'long enough pw' }),
    });
    expect(response.status).toBe(403);
  });

  it('resets a password through the link written to the log when no SMTP is set', async () => {
    const app = await createTestApp(database);
    apps.push(app);
    const user = await signUp(app, { email: 'forgetful@example.com', password: 'old password 1' });
    const asked = await user.request('/api/auth/request-password-reset', {
      json: { email: 'forgetful@example.com', redirectTo: '/reset-password' },
    });
    expect(asked.status).toBe(200);
    const logged = app.logs.find((line) => line.msg.includes('Reset your Rowsmith password'));
    const mail = logged?.mail as { to: string; text: string } | undefined;
    expect(mail?.to).toBe('forgetful@example.com');
    const token = await tokenFromLink(app, resetLinkIn(mail!.text));

    const tooShort = await user.request('/api/auth/reset-password', {
      json: { newPassword: 'short', token },
    });
    expect(tooShort.status).toBe(400);
    const reset = await user.request('/api/auth/reset-password', {
      json: { newPassword: 'new password 2', token },
    });
    expect(reset.status).toBe(200);
    // Every session ends with the reset; only the new password signs in.
    expect((await user.request('/api/account')).status).toBe(401);
    const signIn = (password: string) =>
      browserFor(app).request('/api/auth/sign-in/email', {
        json: { email: 'forgetful@example.com', password },
      });
    expect((await signIn('old password 1')).status).toBe(401);
    expect((await signIn('new password 2')).status).toBe(200);
    // A link works once.
    const again = await user.request('/api/auth/reset-password', {
      json: { newPassword: 'third password 3', token },
    });
    expect(again.status).toBe(400);
  });

  it('sends the reset link by SMTP when SMTP_URL is set', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, _session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const { port } = smtp.server.address() as { port: number };
    try {
      const app = await createTestApp(database, {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Rowsmith <accounts@rowsmith.test>',
        // Only the reset mail here (sign-up.test.ts has the verification mail).
        REQUIRE_EMAIL_VERIFICATION: 'false',
      });
      apps.push(app);
      const user = await signUp(app, { email: 'mailed@example.com' });
      await user.request('/api/auth/request-password-reset', {
        json: { email: 'mailed@example.com', redirectTo: '/reset-password' },
      });
      await expect.poll(() => received.length).toBe(1);
      // The body is quoted-printable: undo soft line breaks and =XX escapes.
      const message = received[0]!
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      expect(message).toMatch(/^To: mailed@example\.com/m);
      expect(message).toMatch(/^From: Rowsmith <accounts@rowsmith\.test>/m);
      const token = await tokenFromLink(app, resetLinkIn(message));
      expect(token.length).toBeGreaterThan(10);
      expect(app.logs.some((line) => line.msg.includes('mail not sent'))).toBe(false);
    } finally {
      await new Promise<void>((resolve) => smtp.close(resolve));
    }
  });

  it('answers an unknown email like a known one, so accounts cannot be discovered', async () => {
    const app = await createTestApp(database);
    apps.push(app);
    const response = await browserFor(app).request('/api/auth/request-password-reset', {
      json: { email: 'nobody-here@example.com', redirectTo: '/reset-password' },
    });
    expect(response.status).toBe(200);
    expect(app.logs.some((line) => line.msg.includes('Reset your Rowsmith password'))).toBe(false);
  });
});
