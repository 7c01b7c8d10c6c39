import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFor, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string } };

/**
 * Ten failed sign-ins from anywhere used to lock the owner out for 15 minutes, renewable by
 * anyone. Strangers now share one pause; the owner's devices and networks keep their own tries.
 */
describe.each(TEST_DATABASES)('sign-in throttling on $name', (database) => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(database, {
      TRUST_PROXY: 'true',
      AUTH_ACCOUNT_RATE_LIMIT: '5',
      AUTH_ACCOUNT_RATE_WINDOW_SECONDS: '900',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  let counter = 0;
  /** An account signed up and signed in from `home`, in the owner's own browser. */
  async function owner(home: string) {
    counter += 1;
    const email = `owner${counter}@example.com`;
    const password = 'the owner password';
    const laptop = browserFor(app);
    const headers = { 'x-forwarded-for': home };
    const created = await laptop.request('/api/auth/sign-up/email', {
      json: { name: 'Owner', email, password },
      headers,
    });
    expect(created.status).toBe(200);
    await laptop.request('/api/auth/sign-out', { json: {}, headers });
    const signedIn = await signIn(laptop, email, password, home);
    expect(signedIn.status).toBe(200);
    await laptop.request('/api/auth/sign-out', { json: {}, headers });
    return { email, password, laptop };
  }

  const signIn = (browser: Browser, email: string, password: string, address: string) =>
    browser.request('/api/auth/sign-in/email', {
      json: { email, password },
      headers: { 'x-forwarded-for': address },
    });

  /** Strangers at twenty addresses, guessing. */
  async function attack(email: string) {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++)
      statuses.push(
        (await signIn(browserFor(app), email, `guess ${i}`, `198.51.100.${i + 1}`)).status,
      );
    return statuses;
  }

  it('pauses strangers after their failures, and lets the owner in from a familiar address', async () => {
    const { email, password } = await owner('203.0.113.5');
    expect(await attack(email)).toEqual([
      ...Array<number>(5).fill(401),
      ...Array<number>(15).fill(429),
    ]);

    // A new browser on the owner's home network: familiar by its address.
    expect((await signIn(browserFor(app), email, password, '203.0.113.5')).status).toBe(200);
  });

  it('lets the owner in from a browser they signed in with, on any network', async () => {
    const { email, password, laptop } = await owner('203.0.113.6');
    await attack(email);
    // The laptop, travelling: a new address, but the account's signed device cookie.
    expect((await signIn(laptop, email, password, '192.0.2.200')).status).toBe(200);
  });

  it('tells a paused stranger how the owner gets in, and the reset link lets them in', async () => {
    const { email, password } = await owner('203.0.113.7');
    await attack(email);

    // The owner on a new phone, at a café: a stranger to the account, so paused…
    const phone = browserFor(app);
    const paused = await signIn(phone, email, password, '192.0.2.10');
    expect(paused.status).toBe(429);
    const { error } = (await paused.json()) as ErrorBody;
    expect(error.code).toBe('SIGN_IN_PAUSED');
    expect(error.message).toContain('reset your password with "Forgot password?"');
    expect(Number(paused.headers.get('retry-after'))).toBeGreaterThan(800);

    // …until the emailed link proves the mailbox; then that phone gets in at once.
    const cafe = { 'x-forwarded-for': '192.0.2.10' };
    await phone.request('/api/auth/request-password-reset', {
      json: { email, redirectTo: '/reset-password' },
      headers: cafe,
    });
    const mail = app.logs.findLast(
      (line) => (line.mail as { to?: string } | undefined)?.to === email,
    )?.mail as { text: string };
    const token = /reset-password\/([^?\s]+)/.exec(mail.text)?.[1];
    const reset = await phone.request('/api/auth/reset-password', {
      json: { token, newPassword: 'a fresh password' },
      headers: cafe,
    });
    expect(reset.status).toBe(200);
    expect((await signIn(phone, email, 'a fresh password', '192.0.2.10')).status).toBe(200);
  });

  it('still limits the owner’s own failures, per familiar client', async () => {
    const { email, laptop } = await owner('203.0.113.8');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++)
      statuses.push((await signIn(laptop, email, `typo ${i}`, '203.0.113.8')).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Strangers were not paused by the owner's typos.
    expect((await signIn(browserFor(app), email, 'a guess', '198.51.100.99')).status).toBe(401);
  });

  it('does not trust a device cookie made for another account', async () => {
    const first = await owner('203.0.113.9');
    const second = await owner('203.0.113.10');
    await attack(second.email);
    // The first owner's laptop holds a device cookie, but not one for the second account.
    expect((await signIn(first.laptop, second.email, second.password, '192.0.2.30')).status).toBe(
      429,
    );
  });
});

describe('sign-in throttling after an address is verified', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await createTestApp(TEST_DATABASES[0]!, {
      TRUST_PROXY: 'true',
      REQUIRE_EMAIL_VERIFICATION: 'true',
      AUTH_ACCOUNT_RATE_LIMIT: '3',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('counts the browser that opened the mailed link as the owner’s', async () => {
    const email = 'verified-owner@example.com';
    const password = 'the owner password';
    const owner = browserFor(app);
    const home = { 'x-forwarded-for': '203.0.113.20' };
    await owner.request('/api/auth/sign-up/email', {
      json: { name: 'Owner', email, password },
      headers: home,
    });
    const mail = app.logs.findLast(
      (line) => (line.mail as { to?: string } | undefined)?.to === email,
    )?.mail as { text: string };
    const link = new URL(/http\S+verify-email\S+/.exec(mail.text)![0]);
    const opened = await owner.request(link.pathname + link.search, { headers: home });
    expect(opened.status).toBe(302);
    await owner.request('/api/auth/sign-out', { json: {}, headers: home });

    for (let i = 0; i < 5; i++)
      await browserFor(app).request('/api/auth/sign-in/email', {
        json: { email, password: `guess ${i}` },
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
      });
    const travelling = await owner.request('/api/auth/sign-in/email', {
      json: { email, password },
      headers: { 'x-forwarded-for': '192.0.2.99' },
    });
    expect(travelling.status).toBe(200);
  });
});
