import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASTED_TABLE, signUp } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/create-test-app';
import { runRowsmith } from '../support/rowsmith-process';
import { TEST_DATABASES } from '../support/test-databases';

/** Runs `rowsmith …` against the test app's database and files, as an operator would. */
function rowsmith(app: TestApp, args: string[]) {
  const env = {
    DATA_DIR: app.env.DATA_DIR,
    DATABASE_URL: app.env.DATABASE_URL ?? '',
    LOG_LEVEL: 'silent',
  };
  return runRowsmith(args, { env });
}

describe.each(TEST_DATABASES)('operator commands on $name', (database) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(database);
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists users, grants credits and deletes a user with their files', async () => {
    const grace = await signUp(app, { name: 'Grace Hopper', email: 'grace@example.com' });
    await signUp(app, { name: 'Alan Turing', email: 'alan@example.com' });
    expect((await grace.request('/api/extractions', { json: PASTED_TABLE })).status).toBe(200);

    const listed = await rowsmith(app, ['users', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/EMAIL\s+NAME\s+CREATED\s+CREDITS\s+RUNS/);
    expect(listed.stdout).toMatch(/grace@example\.com\s+Grace Hopper\s+\S+\s+9\/10\s+1/);
    expect(listed.stdout).toMatch(/alan@example\.com\s+Alan Turing\s+\S+\s+10\/10\s+0/);

    const granted = await rowsmith(app, ['credits', 'grant', 'GRACE@example.com', '5']);
    expect(granted.stdout).toContain('Granted 5 credits to grace@example.com: 14 of 15 remaining.');
    expect(await (await grace.request('/api/account/credits')).json()).toEqual({
      credits_remaining: 14,
      credits_total: 15,
    });

    const graceId = (
      await app.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'grace@example.com')
        .executeTakeFirstOrThrow()
    ).id;
    expect(await app.storage.list(`${graceId}/`)).toHaveLength(1);
    const deleted = await rowsmith(app, ['users', 'delete', 'grace@example.com']);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toContain('Deleted grace@example.com, with 1 stored file.');
    expect(await app.storage.list(`${graceId}/`)).toEqual([]);
    expect((await grace.request('/api/account')).status).toBe(401);

    const json = await rowsmith(app, ['users', 'list', '--json']);
    expect((JSON.parse(json.stdout) as { email: string }[]).map((user) => user.email)).toEqual([
      'alan@example.com',
    ]);
  });

  it('lists, shows and cancels jobs of any owner', async () => {
    const ada = await signUp(app, { email: 'ada@example.com' });
    expect((await ada.request('/api/extractions', { json: PASTED_TABLE })).status).toBe(200);
    const listed = await rowsmith(app, ['jobs', 'list', '--json']);
    expect(listed.code).toBe(0);
    const [job] = (JSON.parse(listed.stdout) as { jobs: { id: string }[] }).jobs;
    const shown = await rowsmith(app, ['jobs', 'show', job!.id]);
    expect(shown.stdout).toMatch(/JOB\s+STATUS\s+DOCUMENTS\s+ROWS\s+CREATED/);
    expect(shown.stdout).toMatch(/succeeded\s+1\/1\s+2/);
    expect(shown.stdout).toMatch(/date description amount\s+succeeded\s+200\s+2/);
    const cancelled = await rowsmith(app, ['jobs', 'cancel', job!.id]);
    expect(cancelled.stdout).toContain(`Job ${job!.id} is succeeded.`);
    const missing = await rowsmith(app, ['jobs', 'show', 'no-such-job']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('There is no such job.');
  });

  it('lists requests for credits, which a grant answers', async () => {
    const mary = await signUp(app, { name: 'Mary Somerville', email: 'mary@example.com' });
    const asked = await mary.request('/api/credit-requests', {
      json: { credits: 25, message: 'Council minutes,\nfor a research project.' },
    });
    expect(asked.status).toBe(201);

    const open = await rowsmith(app, ['credits', 'requests']);
    expect(open.code).toBe(0);
    expect(open.stdout).toMatch(/EMAIL\s+CREDITS\s+ASKED\s+STATUS\s+MESSAGE/);
    expect(open.stdout).toMatch(
      /mary@example\.com\s+25\s+\d{4}-\d\d-\d\d\s+open\s+Council minutes, for a research project\./,
    );
    await rowsmith(app, ['credits', 'grant', 'mary@example.com', '25']);
    expect((await rowsmith(app, ['credits', 'requests'])).stdout).not.toContain('mary@example.com');
    const all = await rowsmith(app, ['credits', 'requests', '--all', '--json']);
    expect(JSON.parse(all.stdout)).toContainEqual(
      expect.objectContaining({ email: 'mary@example.com', credits: 25, status: 'granted' }),
    );
  });

  it('says clearly when the email is unknown or the amount is wrong', async () => {
    const unknown = await rowsmith(app, ['credits', 'grant', 'nobody@example.com', '5']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No account with the email nobody@example.com.');
    const badAmount = await rowsmith(app, ['credits', 'grant', 'alan@example.com', 'lots']);
    // A wrong command line, not a failed run: exit code 2 (issue 20 point 20).
    expect(badAmount.code).toBe(2);
    expect(badAmount.stderr).toContain('The amount is a whole number from 1 to 1000000.');
    const noDelete = await rowsmith(app, ['users', 'delete', 'nobody@example.com']);
    expect(noDelete.code).toBe(1);
  });
});
