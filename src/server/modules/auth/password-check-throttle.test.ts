import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserFor, signUp } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';

type ErrorBody = { error: { code: string; message: string } };

/**
 * A stolen session could ask /api/auth/verify-password about as many passwords as it liked (40
 * wrong answered 400, never 429). Wrong passwords a session types are now limited per account,
 * as failed sign-ins are, from any number of addresses.
 */
describe.each(TEST_DATABASES)('password checks from a session on $name', (database) => {
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

  /** Each guess from another address, as a thief spreading them would send it. */
  const verify = (user: Awaited<ReturnType<typeof signUp>>, password: string, index: number) =>
    user.request('/api/auth/verify-password', {
      json: { password },
      headers: { 'x-forwarded-for': `198.51.100.${index + 1}` },
    });

  it('answers 429 with Retry-After once a session has typed the limit of wrong passwords', async () => {
    const user = await signUp(app);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await verify(user, `guess ${i}`, i)).status);
    expect(statuses).toEqual([...Array<number>(5).fill(400), ...Array<number>(3).fill(429)]);

    const refused = await verify(user, user.password, 20);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    const { error } = (await refused.json()) as ErrorBody;
    expect(error.code).toBe('AUTH_RATE_LIMITED');
    expect(error.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);

    // change-password asks the same question of the current password, so it waits too.
    const change = await user.request('/api/auth/change-password', {
      json: { currentPassword: user.password, newPassword: 'a new long password' },
    });
    expect(change.status).toBe(429);
  });

  it('gives a right password its try back and counts each account apart', async () => {
    const user = await signUp(app);
    const other = await signUp(app);
    for (let i = 0; i < 4; i++) expect((await verify(user, `guess ${i}`, i)).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await verify(user, user.password, i)).status).toBe(200);
    expect((await verify(user, 'one more guess', 9)).status).toBe(400);
    expect((await verify(user, 'and another', 10)).status).toBe(429);
    expect((await verify(other, other.password, 11)).status).toBe(200);
  });

  it('leaves requests without a session to better-auth’s 401', async () => {
    const response = await browserFor(app).request('/api/auth/verify-password', {
      json: { password: 'anything' },
    });
    expect(response.status).toBe(401);
  });
});
