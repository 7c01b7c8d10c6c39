import ExcelJS from 'exceljs';
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
import { startWebhookReceiver, verifiesWebhook } from '../support/webhook-receiver';

// Issue 24, email in: a mailed job tells the extractor's webhook like any job, and a reply can
// carry the table as an XLSX workbook. A real SMTP conversation with the receiver of `serve`.

const DOMAIN = 'in.rowsmith.test';
const PRICES = 'item,price,listed\nDesk,120,2026-03-01\nLamp,19.5,2026-03-02\n';
const EXTRACTOR = {
  name: 'Supplier prices',
  columns: [
    { name: 'item', type: 'text' },
    { name: 'price', type: 'number' },
    { name: 'listed', type: 'date' },
  ],
};

type ResultTable = { columns: { name: string }[]; rows: Record<string, unknown>[] };

describe.each(TEST_DATABASES)('a mailed job’s webhook and XLSX reply on $name', (database) => {
  let app: TestApp;
  let mailbox: MailServer;
  let send: (message: SendMailOptions) => Promise<unknown>;

  beforeAll(async () => {
    mailbox = await startMailServer();
    ({ app, send } = await startInboxApp(database, DOMAIN, {
      SMTP_URL: mailbox.url,
      // The test's webhook receiver listens on 127.0.0.1.
      ALLOW_PRIVATE_URLS: 'true',
      WEBHOOK_RETRY_SECONDS: '1',
    }));
  });
  afterAll(async () => {
    await app.close();
    await mailbox.close();
  });

  async function extractorWith(user: Browser, automation: object): Promise<Extractor> {
    const created = await user.request('/api/extractors', { json: EXTRACTOR });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Extractor;
    const set = await user.request(`/api/extractors/${id}/automation`, {
      method: 'PUT',
      json: automation,
    });
    expect(set.status).toBe(200);
    return (await set.json()) as Extractor;
  }

  async function newestJob(user: Browser, isDone: (job: Job) => boolean): Promise<Job> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const page = (await (await user.request('/api/jobs?limit=1')).json()) as JobPage;
      const id = page.jobs[0]?.id;
      const job = id ? ((await (await user.request(`/api/jobs/${id}`)).json()) as Job) : null;
      if (job && isDone(job)) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the mailed job did not get there');
  }

  it('delivers the webhook of a mailed job, signed with the owner’s secret, with its rows and review', async () => {
    const receiver = await startWebhookReceiver();
    try {
      const owner = await signUp(app);
      const { secret } = (await (await owner.request('/api/webhooks/secret')).json()) as {
        secret: string;
      };
      const extractor = await extractorWith(owner, {
        webhook_url: receiver.url,
        inbox_senders: ['ada@example.com'],
      });
      expect(extractor.webhook_url).toBe(receiver.url);

      await send({
        from: 'Ada Lovelace <ada@example.com>',
        to: extractor.inbox_address,
        subject: 'March prices',
        attachments: [{ filename: 'prices.csv', content: PRICES }],
      });
      const job = await newestJob(owner, (value) => value.webhook?.status === 'delivered');
      expect(job).toMatchObject({
        status: 'succeeded',
        rows_total: 2,
        origin: { kind: 'email', extractor_id: extractor.id, subject: 'March prices' },
        webhook: { url: receiver.url, status: 'delivered' },
      });

      expect(receiver.deliveries).toHaveLength(1);
      const [delivery] = receiver.deliveries;
      expect(delivery!.headers['webhook-id']).toBe(`msg_${job.id}`);
      expect(verifiesWebhook(secret, delivery!.headers, delivery!.body)).toBe(true);
      const payload = JSON.parse(delivery!.body) as { type: string; data: Job };
      expect(payload.type).toBe('job.finished');
      expect(payload.data).toMatchObject({
        id: job.id,
        status: 'succeeded',
        rows_total: 2,
        origin: job.origin,
      });
      expect(payload.data.documents.map((document) => [document.name, document.rows])).toEqual([
        ['prices.csv', 2],
      ]);
      expect(payload.data.review.total).toBeGreaterThan(0);
      expect(payload.data.review).toEqual(job.review);
    } finally {
      await receiver.close();
    }
  });

  it('replies to the sender with the job’s table as an XLSX workbook', async () => {
    const owner = await signUp(app);
    const extractor = await extractorWith(owner, {
      reply_format: 'xlsx',
      inbox_senders: ['grace@example.com'],
    });
    expect(extractor.reply_format).toBe('xlsx');

    await send({
      from: 'Grace Hopper <grace@example.com>',
      to: extractor.inbox_address,
      subject: 'Prices as a workbook',
      attachments: [{ filename: 'prices.csv', content: PRICES }],
    });
    const job = await newestJob(owner, (value) => value.finished_at !== null);
    expect(job.status).toBe('succeeded');
    const result = (await (
      await owner.request(`/api/jobs/${job.id}/result`)
    ).json()) as ResultTable;

    await expect.poll(() => mailbox.to('grace@example.com').length, { timeout: 10_000 }).toBe(1);
    const reply = await simpleParser(mailbox.to('grace@example.com')[0]!.raw);
    expect(reply.subject).toBe('Re: Prices as a workbook');
    expect(reply.text).toContain('prices.csv: 2 rows');
    expect(reply.text).toContain('The table is attached (XLSX).');
    expect(reply.attachments.map((file) => [file.filename, file.contentType])).toEqual([
      ['rowsmith-table.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(new Uint8Array(reply.attachments[0]!.content).buffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('All documents');
    const cells = sheet.getSheetValues().slice(1) as unknown[][];
    const [header, ...rows] = cells.map((row) => row.slice(1));
    expect(header).toEqual(['source', 'item', 'price', 'listed']);
    expect(rows).toEqual([
      ['prices.csv', 'Desk', 120, new Date('2026-03-01T00:00:00Z')],
      ['prices.csv', 'Lamp', 19.5, new Date('2026-03-02T00:00:00Z')],
    ]);
    // The workbook holds the job's table as the API gives it.
    expect(header).toEqual(result.columns.map((column) => column.name));
    expect(
      rows.map((row) =>
        row.map((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value)),
      ),
    ).toEqual(result.rows.map((row) => header!.map((name) => row[name as string])));
  });
});
