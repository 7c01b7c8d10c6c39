import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger';
import { signUp } from '../../../../tests/support/accounts';
import { createTestApp, type TestApp } from '../../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../../tests/support/test-databases';
import { deductCredit } from './deduct-credit';
import { getCredits } from './get-credits';
import { grantCredits } from './grant-credits';
import { hasCredits } from './has-credits';
import { refundCredit } from './refund-credit';

const logger = createLogger('silent');

describe.each(TEST_DATABASES)('the credit operations on $name', (database) => {
  let app: TestApp;
  let userId: string;

  beforeAll(async () => {
    app = await createTestApp(database, { SIGNUP_CREDITS: '2' });
    const user = await signUp(app);
    userId = (
      await app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', user.email)
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await app.close();
  });

  it('gets, checks, deducts, refunds and grants', async () => {
    const options = { db: app.db, userId, signupCredits: 2, logger };
    expect(await getCredits(options)).toEqual({ credits_remaining: 2, credits_total: 2 });
    expect(await hasCredits(options)).toBe(true);
    expect(await deductCredit(options)).toBe(true);
    expect(await deductCredit(options)).toBe(true);
    expect(await deductCredit(options)).toBe(false);
    expect(await hasCredits(options)).toBe(false);
    expect(await getCredits(options)).toEqual({ credits_remaining: 0, credits_total: 2 });
    await refundCredit(options);
    expect(await getCredits(options)).toEqual({ credits_remaining: 1, credits_total: 2 });
    expect(await grantCredits({ ...options, amount: 5 })).toEqual({
      credits_remaining: 6,
      credits_total: 7,
      answered: [],
    });
  });

  it('opens the credit account of a user who has none on first use', async () => {
    await app.db.deleteFrom('user_credits').where('user_id', '=', userId).execute();
    expect(await getCredits({ db: app.db, userId, signupCredits: 2 })).toEqual({
      credits_remaining: 2,
      credits_total: 2,
    });
  });

  it('answers no credits when the balance cannot be read', async () => {
    const broken = await createTestApp(database);
    try {
      await sql`drop table user_credits`.execute(broken.db);
      const options = { db: broken.db, userId, signupCredits: 2, logger };
      expect(await hasCredits(options)).toBe(false);
      expect(await deductCredit(options)).toBe(false);
    } finally {
      await broken.close();
    }
  });
});
