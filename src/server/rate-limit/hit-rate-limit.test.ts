import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/create-test-app';
import { TEST_DATABASES } from '../../../tests/support/test-databases';
import { forgetRateLimitHit, hitRateLimit, peekRateLimit } from './hit-rate-limit';

// Fixed windows of 60 s start on whole minutes: 00:01:00 is a boundary.
const T0 = Date.UTC(2026, 0, 1, 0, 0, 30);
const at = (seconds: number) => new Date(T0 + seconds * 1000);

describe.each(TEST_DATABASES)('hitRateLimit on $name', (database) => {
  let app: TestApp;
  let subjects = 0;
  beforeAll(async () => {
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
  });

  const limiter = (limit = 10) => {
    subjects += 1;
    const subject = `203.0.113.${subjects}`;
    return (seconds: number) =>
      hitRateLimit({
        db: app.db,
        bucket: 'test',
        subject,
        limit,
        windowSeconds: 60,
        now: at(seconds),
      });
  };

  it('never lets more than the limit through in any window, across a window boundary', async () => {
    const hit = limiter(10);
    const allowed: number[] = [];
    // 20 tries, one every 3 s from 00:00:30 to 00:01:27: all within one minute.
    for (let seconds = 0; seconds < 60; seconds += 3)
      if ((await hit(seconds)).isAllowed) allowed.push(seconds);
    expect(allowed).toHaveLength(10);
    for (const start of allowed)
      expect(allowed.filter((t) => t >= start && t < start + 60).length).toBeLessThanOrEqual(10);
  });

  it('says when the oldest counted try leaves the window, and then lets one more through', async () => {
    const hit = limiter(3);
    expect((await hit(0)).remaining).toBe(2);
    await hit(10);
    expect(await hit(20)).toMatchObject({ isAllowed: true, remaining: 0 });
    expect(await hit(25)).toMatchObject({ isAllowed: false, remaining: 0, retryAfterSeconds: 35 });
    // Refused tries are not counted: the first slot frees at 60 s, the next at 70 s.
    expect((await hit(59)).isAllowed).toBe(false);
    expect((await hit(60)).isAllowed).toBe(true);
    expect(await hit(61)).toMatchObject({ isAllowed: false, retryAfterSeconds: 9 });
  });

  it('peeks without counting: any number of looks leaves the limit as it was', async () => {
    const options = { db: app.db, bucket: 'test', subject: 'peeked', limit: 2, windowSeconds: 60 };
    for (let look = 0; look < 5; look++)
      expect(await peekRateLimit({ ...options, now: at(look) })).toMatchObject({
        isAllowed: true,
        remaining: 2,
      });
    await hitRateLimit({ ...options, now: at(5) });
    await hitRateLimit({ ...options, now: at(6) });
    expect(await peekRateLimit({ ...options, now: at(7) })).toMatchObject({
      isAllowed: false,
      retryAfterSeconds: 58,
    });
  });

  it('counts simultaneous tries exactly', async () => {
    const hit = limiter(5);
    const results = await Promise.all(Array.from({ length: 12 }, () => hit(0)));
    expect(results.filter((result) => result.isAllowed)).toHaveLength(5);
  });

  it('forgets a try that is given back', async () => {
    const hit = limiter(2);
    const first = await hit(0);
    await hit(1);
    expect((await hit(2)).isAllowed).toBe(false);
    await forgetRateLimitHit({ db: app.db, hitId: first.hitId! });
    expect((await hit(3)).isAllowed).toBe(true);
  });

  it('keeps each subject to its own count, and stores no subject as written', async () => {
    const hit = limiter(1);
    expect((await hit(0)).isAllowed).toBe(true);
    expect((await hit(1)).isAllowed).toBe(false);
    expect((await limiter(1)(1)).isAllowed).toBe(true);
    const keys = await app.db.selectFrom('rate_limit_events').select('key').execute();
    expect(keys.every(({ key }) => /^[0-9a-f]{64}$/.test(key))).toBe(true);
  });
});
