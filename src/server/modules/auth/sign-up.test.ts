import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credits, Profile } from '../../../shared/account';
import { browserFor, type Browser } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { startMailServer, type MailServer } from '../../../../tests/support/mail-server';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type SignUpAnswer = {
  token: unknown;
  user: Record<string, unknown>;
  emailVerificationRequired: boolean;
};

const signUpAs = (browser: Browser, email: string, password = 'a good password', name = 'Ada') =>
  browser.request('/api/auth/sign-up/email', {
    json: { name, email, password, callbackURL: '/auth/callback' },
  });

/** What an answer shows, leaving out what differs between any two sign-ups (ids, times). */
async function shapeOf(response: Response) {
  const body = (await response.clone().json()) as SignUpAnswer;
  const { id: _id, createdAt: _created, updatedAt: _updated, ...user } = body.user;
  return {
    status: response.status,
    keys: Object.keys(body).sort(),
    userKeys: Object.keys(body.user).sort(),
    token: body.token,
    user,
    emailVerificationRequired: body.emailVerificationRequired,
  };
}

const isSignedIn = async (browser: Browser) =>
  (await browser.request('/api/account')).status === 200;

describe.each(TEST_DATABASES)('sign-up without email verification on $name', (database) => {
  let app: TestApp;
  let mail: MailServer;

  beforeAll(async () => {
    mail = await startMailServer();
    app = await createTestApp(database, {
      SMTP_URL: mail.url,
      REQUIRE_EMAIL_VERIFICATION: 'false',
    });
  });
  afterAll(async () => {
    await app.close();
    await mail.close();
  });

  it('answers the same whether or not the email has an account, and tells the owner by mail', async () => {
    const owner = browserFor(app);
    expect((await signUpAs(owner, 'taken@example.com', 'the owner password', 'Owner')).status).toBe(
      200,
    );

    const newcomer = browserFor(app);
    const fresh = await signUpAs(newcomer, 'fresh@example.com', 'a good password', 'Someone');
    const stranger = browserFor(app);
    const taken = await signUpAs(stranger, 'taken@example.com', 'a good password', 'Someone');
    const freshShape = await shapeOf(fresh);
    expect(await shapeOf(taken)).toEqual({
      ...freshShape,
      user: { ...freshShape.user, email: 'taken@example.com' },
    });
    expect(freshShape).toMatchObject({
      status: 200,
      token: null,
      emailVerificationRequired: false,
    });

    // A new account is signed in at once (SPEC.md section 4); the existing one is not touched.
    expect(await isSignedIn(newcomer)).toBe(true);
    expect(await isSignedIn(stranger)).toBe(false);
    const profile = (await (await owner.request('/api/account')).json()) as Profile;
    expect(profile.full_name).toBe('Owner');
    const signIn = await browserFor(app).request('/api/auth/sign-in/email', {
      json: { email: 'taken@example.com', password: 'the owner password' },
    });
    expect(signIn.status).toBe(200);

    await expect.poll(() => mail.to('taken@example.com').length).toBe(1);
    const notice = mail.to('taken@example.com')[0]!.text;
    expect(notice).toMatch(/Subject: Someone tried to create a Rowsmith account with your email/);
    expect(notice).toContain('http://localhost:3000/forgot-password');
    expect(mail.to('fresh@example.com')).toEqual([]);
  });

  it('gives the sign-up credits at once', async () => {
    const browser = browserFor(app);
    await signUpAs(browser, 'credited@example.com');
    expect(await (await browser.request('/api/account/credits')).json()).toEqual({
      credits_remaining: 10,
      credits_total: 10,
    });
  });
});

describe.each(TEST_DATABASES)('sign-up with email verification on $name', (database) => {
  let app: TestApp;
  let mail: MailServer;

  beforeAll(async () => {
    mail = await startMailServer();
    // SMTP_URL alone turns REQUIRE_EMAIL_VERIFICATION on.
    app = await createTestApp(database, { SMTP_URL: mail.url });
  });
  afterAll(async () => {
    await app.close();
    await mail.close();
  });

  async function verificationLink(email: string): Promise<string> {
    await expect.poll(() => mail.to(email).length).toBeGreaterThan(0);
    const text = mail.to(email).at(-1)!.text;
    expect(text).toMatch(/Subject: Confirm your email address for Rowsmith/);
    const link = /http:\/\/localhost:3000\/api\/auth\/verify-email\?\S+/.exec(text)?.[0];
    expect(link).toBeDefined();
    return link!;
  }

  it('answers the same for a new and a taken email, and signs neither in', async () => {
    const owner = browserFor(app);
    await signUpAs(owner, 'held@example.com');
    const fresh = await signUpAs(browserFor(app), 'new-one@example.com');
    const taken = await signUpAs(browserFor(app), 'held@example.com');
    const freshShape = await shapeOf(fresh);
    expect(await shapeOf(taken)).toEqual({
      ...freshShape,
      user: { ...freshShape.user, email: 'held@example.com' },
    });
    expect(freshShape).toMatchObject({ status: 200, token: null, emailVerificationRequired: true });
    expect(fresh.headers.getSetCookie().some((cookie) => cookie.includes('session_token'))).toBe(
      false,
    );
    expect(taken.headers.getSetCookie().some((cookie) => cookie.includes('session_token'))).toBe(
      false,
    );
    // The owner of the taken address is told; the new address gets its link.
    await expect.poll(() => mail.to('held@example.com').length).toBe(2);
    expect(mail.to('held@example.com')[1]!.text).toMatch(/Someone tried to create/);
    await verificationLink('new-one@example.com');
  });

  it('gives the sign-up credits once the address is verified, and only once', async () => {
    const browser = browserFor(app);
    await signUpAs(browser, 'verify-me@example.com', 'a good password');
    // Signing in before verifying works, with the credits waiting for the address.
    const signedIn = await browser.request('/api/auth/sign-in/email', {
      json: { email: 'verify-me@example.com', password: 'a good password' },
    });
    expect(signedIn.status).toBe(200);
    const waiting = (await (await browser.request('/api/account')).json()) as Profile;
    expect(waiting).toMatchObject({ email_verified: false, credits_awaiting_verification: 10 });
    expect((await (await browser.request('/api/account/credits')).json()) as Credits).toEqual({
      credits_remaining: 0,
      credits_total: 0,
    });

    // The mailed link signs in (another browser: the phone the mail was opened on).
    const link = await verificationLink('verify-me@example.com');
    const phone = browserFor(app);
    const opened = await phone.request(new URL(link).pathname + new URL(link).search);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/auth/callback');
    const verified = (await (await phone.request('/api/account')).json()) as Profile;
    expect(verified).toMatchObject({ email_verified: true, credits_awaiting_verification: 0 });
    const credits = { credits_remaining: 10, credits_total: 10 };
    expect(await (await phone.request('/api/account/credits')).json()).toEqual(credits);

    // The same link again, or two at once, give nothing more.
    await Promise.all([
      phone.request(new URL(link).pathname + new URL(link).search),
      browser.request(new URL(link).pathname + new URL(link).search),
    ]);
    expect(await (await phone.request('/api/account/credits')).json()).toEqual(credits);
  });

  it('sends the link again on request', async () => {
    await signUpAs(browserFor(app), 'resend@example.com');
    await verificationLink('resend@example.com');
    const again = await browserFor(app).request('/api/auth/send-verification-email', {
      json: { email: 'resend@example.com', callbackURL: '/auth/callback' },
    });
    expect(again.status).toBe(200);
    await expect.poll(() => mail.to('resend@example.com').length).toBe(2);
  });
});
