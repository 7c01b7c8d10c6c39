import { simpleParser } from 'mailparser';
import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extractor } from '../../src/shared/extractors';
import type { Job, JobPage } from '../../src/shared/jobs';
import { signUp, type Browser } from '../support/accounts';
import type { TestApp } from '../support/create-test-app';
import { startInboxApp } from '../support/inbox-app';
import { startMailServer, type MailServer } from '../support/mail-server';
import { TEST_DATABASES } from '../support/test-databases';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver';

// Issue 32 point 3: an extractor can hold its deliveries until a person has looked. A mailed job
// with a flagged value sends neither its reply nor its webhook until that value is corrected or
// accepted; then both go, with the correction. A real SMTP conversation with `serve`'s receiver.

const DOMAIN = 'in.rowsmith.test';
const EXTRACTOR = {
  name: 'Supplier prices',
  columns: [
    { name: 'item', type: 'text' },
    { name: 'price', type: 'number' },
  ],
};
const DOUBTFUL = 'item,price\nDesk,120\nLamp,ask us\nChair,45\n';
const CLEAN = 'item,price\nDesk,120\nChair,45\n';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(TEST_DATABASES)('deliveries held for review on $name', (database) => {
  let app: TestApp;
  let mailbox: MailServer;
  let receiver: WebhookReceiver;
  let send: (message: SendMailOptions) => Promise<unknown>;

  beforeAll(async () => {
    mailbox = await startMailServer();
    receiver = await startWebhookReceiver();
    ({ app, send } = await startInboxApp(database, DOMAIN, {
      SMTP_URL: mailbox.url,
      // The test's webhook receiver listens on 127.0.0.1.
      ALLOW_PRIVATE_URLS: 'true',
    }));
  });
  afterAll(async () => {
    await app.close();
    await receiver.close();
    await mailbox.close();
  });

  async function heldExtractor(user: Browser): Promise<Extractor> {
    const created = await user.request('/api/extractors', { json: EXTRACTOR });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Extractor;
    const set = await user.request(`/api/extractors/${id}/automation`, {
      method: 'PUT',
      json: {
        inbox_senders: ['@example.com'],
        reply_format: 'csv',
        webhook_url: receiver.url,
        hold_for_review: true,
      },
    });
    expect(set.status).toBe(200);
    return (await set.json()) as Extractor;
  }

  async function finishedJob(user: Browser): Promise<Job> {
    for (let attempt = 0; attempt < 150; attempt++) {
      const page = (await (await user.request('/api/jobs?limit=1')).json()) as JobPage;
      const id = page.jobs[0]?.id;
      const job = id ? ((await (await user.request(`/api/jobs/${id}`)).json()) as Job) : null;
      if (job?.finished_at) return job;
      await sleep(100);
    }
    throw new Error('the mailed job did not finish');
  }

  const deliveriesOf = (jobId: string) =>
    receiver.deliveries.filter((delivery) => delivery.body.includes(jobId));

  it('sends the reply and the webhook only once the flagged value is corrected, with the correction', async () => {
    const owner = await signUp(app);
    const extractor = await heldExtractor(owner);
    expect(extractor.hold_for_review).toBe(true);
    await send({
      from: 'Mary Somerville <mary@example.com>',
      to: extractor.inbox_address,
      subject: 'April prices',
      attachments: [{ filename: 'april.csv', content: DOUBTFUL }],
    });
    const job = await finishedJob(owner);
    expect(job.review.flagged).toBe(1);
    expect(job.waiting_for_review).toBe(true);
    // The reply and the webhook would have gone within a second or two; they wait.
    await sleep(3_000);
    expect(mailbox.to('mary@example.com')).toHaveLength(0);
    expect(deliveriesOf(job.id)).toHaveLength(0);

    const corrected = await owner.request(`/api/jobs/${job.id}/corrections`, {
      json: {
        corrections: [{ document_id: job.documents[0]!.id, row: 1, column: 'price', value: 25 }],
      },
    });
    expect(corrected.status, await corrected.clone().text()).toBe(200);
    await expect.poll(() => mailbox.to('mary@example.com').length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => deliveriesOf(job.id).length, { timeout: 10_000 }).toBe(1);
    const reply = await simpleParser(mailbox.to('mary@example.com')[0]!.raw);
    const table = reply.attachments[0]!.content.toString('utf8');
    expect(table).toContain('Lamp,25');
    const payload = JSON.parse(deliveriesOf(job.id)[0]!.body) as { data: Job };
    expect(payload.data.review).toMatchObject({ flagged: 0, edited: 1 });
    const after = (await (await owner.request(`/api/jobs/${job.id}`)).json()) as Job;
    expect(after.waiting_for_review).toBe(false);
  });

  it('delivers a job with nothing flagged at once', async () => {
    const owner = await signUp(app);
    const extractor = await heldExtractor(owner);
    await send({
      from: 'Ada Lovelace <ada@example.com>',
      to: extractor.inbox_address,
      subject: 'May prices',
      attachments: [{ filename: 'may.csv', content: CLEAN }],
    });
    const job = await finishedJob(owner);
    expect(job.review.flagged).toBe(0);
    expect(job.waiting_for_review).toBe(false);
    await expect.poll(() => mailbox.to('ada@example.com').length, { timeout: 10_000 }).toBe(1);
    await expect.poll(() => deliveriesOf(job.id).length, { timeout: 10_000 }).toBe(1);
  });
});
