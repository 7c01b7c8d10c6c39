import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentResult, ExtractionResponse } from '../../src/shared/extraction';
import { browserFor, PASTED_TABLE, type Browser } from '../support/accounts';
import { createTestApp, type TestApp } from '../support/create-test-app';
import { startMailServer, type MailServer } from '../support/mail-server';
import { TEST_DATABASES } from '../support/test-databases';

// Issue 32 point 1: the free trial's work follows the visitor into the account, at sign-up, at
// sign-in and through the mailed link, from the same browser; nobody else's work moves.

type JobList = { total: number; jobs: { id: string }[] };

/** A trial run in this browser, corrected: its job and document. */
async function correctedTrialRun(visitor: Browser) {
  const run = await visitor.request('/api/extractions', { json: PASTED_TABLE });
  expect(run.status).toBe(200);
  const result = (await run.json()) as ExtractionResponse;
  const corrected = await visitor.request(`/api/jobs/${result.job_id}/corrections`, {
    json: {
      corrections: [
        { document_id: result.document_id, row: 0, column: 'description', value: 'Tea' },
      ],
    },
  });
  expect(corrected.status, await corrected.clone().text()).toBe(200);
  return { jobId: result.job_id, documentId: result.document_id };
}

async function jobIds(browser: Browser) {
  const list = (await (await browser.request('/api/jobs')).json()) as JobList;
  return list.jobs.map((job) => job.id);
}

async function firstDescription(browser: Browser, run: { jobId: string; documentId: string }) {
  const response = await browser.request(
    `/api/jobs/${run.jobId}/documents/${run.documentId}/result`,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as DocumentResult).rows[0]?.description;
}

describe.each(TEST_DATABASES)('the trial’s work on $name', (database) => {
  let app: TestApp;
  let verifying: TestApp;
  let mail: MailServer;

  beforeAll(async () => {
    mail = await startMailServer();
    app = await createTestApp(database, {
      REQUIRE_EMAIL_VERIFICATION: 'false',
      SMTP_URL: mail.url,
    });
    verifying = await createTestApp(database, { SMTP_URL: mail.url });
  });
  afterAll(async () => {
    await app.close();
    await verifying.close();
    await mail.close();
  });

  it('moves into the account made in the same browser, corrected; another visitor’s stays theirs', async () => {
    const visitor = browserFor(app);
    const stranger = browserFor(app);
    const mine = await correctedTrialRun(visitor);
    const theirs = await correctedTrialRun(stranger);

    const signedUp = await visitor.request('/api/auth/sign-up/email', {
      json: { name: 'Ada', email: 'trial-ada@example.com', password: 'a good password' },
    });
    expect(signedUp.status).toBe(200);
    expect(await jobIds(visitor)).toEqual([mine.jobId]);
    // Its address keeps working, with the correction made before the account existed.
    expect(await firstDescription(visitor, mine)).toBe('Tea');

    // The stranger's job is still the stranger's, and nobody else's.
    expect(await jobIds(stranger)).toEqual([theirs.jobId]);
    const peek = await visitor.request(`/api/jobs/${theirs.jobId}`);
    expect(peek.status).toBe(404);
  });

  it('moves at sign-in to an account that already exists, and not again after signing out', async () => {
    const owner = browserFor(app);
    const made = await owner.request('/api/auth/sign-up/email', {
      json: { name: 'Bo', email: 'trial-bo@example.com', password: 'a good password' },
    });
    expect(made.status).toBe(200);
    expect(await jobIds(owner)).toEqual([]);
    await owner.request('/api/auth/sign-out', { json: {} });

    const run = await correctedTrialRun(owner);
    const signedIn = await owner.request('/api/auth/sign-in/email', {
      json: { email: 'trial-bo@example.com', password: 'a good password' },
    });
    expect(signedIn.status).toBe(200);
    expect(await jobIds(owner)).toEqual([run.jobId]);

    // Signed out again, the browser is a visitor with nothing of the account's.
    await owner.request('/api/auth/sign-out', { json: {} });
    expect((await owner.request(`/api/jobs/${run.jobId}`)).status).toBe(404);
  });

  it('moves when the mailed link is opened in the same browser', async () => {
    const visitor = browserFor(verifying);
    const run = await correctedTrialRun(visitor);
    const signedUp = await visitor.request('/api/auth/sign-up/email', {
      json: {
        name: 'Cy',
        email: 'trial-cy@example.com',
        password: 'a good password',
        callbackURL: '/auth/callback?redirect=%2Fextract',
      },
    });
    expect(signedUp.status).toBe(200);
    await expect.poll(() => mail.to('trial-cy@example.com').length).toBeGreaterThan(0);
    const text = mail.to('trial-cy@example.com').at(-1)!.text;
    const link = new URL(/http:\/\/localhost:3000\/api\/auth\/verify-email\?\S+/.exec(text)![0]);
    const opened = await visitor.request(link.pathname + link.search);
    expect(opened.status).toBe(302);
    // The link comes back to where the visitor signed up from.
    expect(opened.headers.get('location')).toBe('/auth/callback?redirect=%2Fextract');
    expect(await jobIds(visitor)).toEqual([run.jobId]);
    expect(await firstDescription(visitor, run)).toBe('Tea');
  });
});
