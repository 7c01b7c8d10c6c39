import { readFileSync } from 'node:fs';
import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extractor } from '../../src/shared/extractors';
import type { Job, JobPage } from '../../src/shared/jobs';
import { grantCredits } from '../../src/server/modules/credits/grant-credits';
import { resumeWaitingDocuments } from '../../src/server/modules/jobs/resume-waiting-documents';
import { signUp, type Browser } from '../support/accounts';
import type { TestApp } from '../support/create-test-app';
import { startInboxApp } from '../support/inbox-app';
import { startMailServer, type MailServer } from '../support/mail-server';
import { TEST_DATABASES } from '../support/test-databases';

// Issue 24, email in: a real SMTP conversation with the receiver of `rowsmith serve`.

const DOMAIN = 'in.rowsmith.test';
const PRICES = 'item,price\nDesk,120\nLamp,19.5\n';
const EXTRACTOR = {
  name: 'Supplier prices',
  columns: [
    { name: 'item', type: 'text' },
    { name: 'price', type: 'number' },
  ],
};

type Sent = { accepted: string[]; response: string; messageId: string };
type Refused = { responseCode?: number; response?: string };

describe.each(TEST_DATABASES)('the inbox of a saved extractor on $name', (database) => {
  let app: TestApp;
  let mailbox: MailServer;
  let send: (message: SendMailOptions) => Promise<Sent>;

  beforeAll(async () => {
    mailbox = await startMailServer();
    const inbox = await startInboxApp(database, DOMAIN, {
      INBOUND_MAX_MB: '1',
      INBOUND_RATE_LIMIT: '3',
      SMTP_URL: mailbox.url,
    });
    app = inbox.app;
    send = (message) => inbox.send({ from: 'Ada Lovelace <ada@example.com>', ...message });
  });
  afterAll(async () => {
    await app.close();
    await mailbox.close();
  });

  /** An extractor whose inbox takes mail from the senders of this test, at example.com. */
  async function extractorOf(user: Browser): Promise<Extractor> {
    const created = await user.request('/api/extractors', { json: EXTRACTOR });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Extractor;
    const set = await user.request(`/api/extractors/${id}/automation`, {
      method: 'PUT',
      json: { inbox_senders: ['@example.com'] },
    });
    expect(set.status).toBe(200);
    return (await set.json()) as Extractor;
  }

  async function finished(user: Browser, jobId: string): Promise<Job> {
    for (let attempt = 0; attempt < 150; attempt++) {
      const job = (await (await user.request(`/api/jobs/${jobId}`)).json()) as Job;
      if (job.finished_at) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${jobId} did not finish`);
  }

  async function newestJob(user: Browser): Promise<Job> {
    const page = (await (await user.request('/api/jobs?limit=1')).json()) as JobPage;
    return finished(user, page.jobs[0]!.id);
  }

  it('turns a mail with an attachment into a job of the owner with its rows, and replies with the table', async () => {
    const owner = await signUp(app);
    const extractor = await extractorOf(owner);
    expect(extractor.inbox_address).toMatch(new RegExp(`^[0-9a-f]{32}@${DOMAIN}$`));
    const shown = (await (
      await owner.request(`/api/extractors/${extractor.id}`)
    ).json()) as Extractor;
    expect(shown.inbox_address).toBe(extractor.inbox_address);
    const set = await owner.request(`/api/extractors/${extractor.id}/automation`, {
      method: 'PUT',
      json: { reply_format: 'csv' },
    });
    expect(set.status).toBe(200);

    const sent = await send({
      to: extractor.inbox_address,
      subject: 'March prices',
      text: 'Here are the prices.',
      attachments: [{ filename: 'prices.csv', content: PRICES }],
    });
    expect(sent.accepted).toEqual([extractor.inbox_address]);
    expect(sent.response).toMatch(/^250 /);

    const job = await newestJob(owner);
    expect(job.status).toBe('succeeded');
    expect(job.origin).toEqual({
      kind: 'email',
      extractor_id: extractor.id,
      from: 'Ada Lovelace <ada@example.com>',
      subject: 'March prices',
      message_id: sent.messageId,
    });
    expect(job.documents.map((document) => document.name)).toEqual(['prices.csv']);
    const table = (await (await owner.request(`/api/jobs/${job.id}/result`)).json()) as {
      rows: unknown[];
    };
    expect(table.rows).toEqual([
      { source: 'prices.csv', item: 'Desk', price: 120 },
      { source: 'prices.csv', item: 'Lamp', price: 19.5 },
    ]);
    const credits = (await (await owner.request('/api/account/credits')).json()) as {
      credits_remaining: number;
    };
    expect(credits.credits_remaining).toBe(9);

    // The sender gets the table back as CSV.
    await expect.poll(() => mailbox.to('ada@example.com').length, { timeout: 10_000 }).toBe(1);
    const reply = mailbox.to('ada@example.com')[0]!.text;
    expect(reply).toContain('Subject: Re: March prices');
    expect(reply).toContain('Auto-Submitted: auto-replied');
    // Answering the sender's mail, so that their mail program shows the two together.
    expect(reply).toContain(`In-Reply-To: ${sent.messageId}`);
    expect(reply).toContain(`References: ${sent.messageId}`);
    expect(reply).toContain('prices.csv: 2 rows');
    expect(reply).toContain('filename=rowsmith-table.csv');
  });

  it('says in the reply how many values are flagged for review, in all and per document', async () => {
    const owner = await signUp(app);
    const extractor = await extractorOf(owner);
    await owner.request(`/api/extractors/${extractor.id}/automation`, {
      method: 'PUT',
      json: { reply_format: 'csv' },
    });
    await send({
      from: 'Mary Somerville <mary@example.com>',
      to: extractor.inbox_address,
      subject: 'April prices',
      text: 'Prices attached.',
      attachments: [
        { filename: 'april.csv', content: 'item,price\nDesk,120\nLamp,ask us\nChair,45\n' },
      ],
    });
    const job = await newestJob(owner);
    expect(job.review).toMatchObject({ flagged: 1 });
    await expect.poll(() => mailbox.to('mary@example.com').length, { timeout: 10_000 }).toBe(1);
    const reply = mailbox.to('mary@example.com')[0]!.text.replace(/=\r?\n/g, '');
    expect(reply).toContain('1 value is flagged for review');
    expect(reply).toContain('april.csv: 3 rows, 1 value flagged for review');
  });

  it('refuses an unknown recipient at RCPT and takes an HTML table from the body', async () => {
    const owner = await signUp(app);
    const extractor = await extractorOf(owner);
    const unknown = `${'0'.repeat(32)}@${DOMAIN}`;
    const refused = (await send({ to: unknown, subject: 'x', text: 'x' }).catch(
      (error: unknown) => error,
    )) as Refused;
    expect(refused.responseCode).toBe(550);
    const elsewhere = (await send({ to: 'someone@example.org', text: 'relay?' }).catch(
      (error: unknown) => error,
    )) as Refused;
    expect(elsewhere.responseCode).toBe(550);

    await send({
      to: extractor.inbox_address,
      subject: 'Prices in the body',
      html: '<p>Prices:</p><table><tr><th>item</th><th>price</th></tr><tr><td>Chair</td><td>45</td></tr></table>',
    });
    const job = await newestJob(owner);
    expect(job.documents.map((document) => [document.name, document.rows])).toEqual([
      ['Mail body.html', 1],
    ]);
  });

  it('does not read a body whose only tables lay out its text and signature, and says so', async () => {
    // Issue 32 point 5: an Outlook-style body with a signature table was read as a second
    // document, cost a run, made the job Partial and the reply "Failed to extract…".
    const owner = await signUp(app);
    const extractor = await extractorOf(owner);
    const set = await owner.request(`/api/extractors/${extractor.id}/automation`, {
      method: 'PUT',
      json: { reply_format: 'csv' },
    });
    expect(set.status).toBe(200);
    const outlookBody = `<html><body><div class=WordSection1>
      <p class=MsoNormal>Hi, the March prices are attached.</p>
      <table class=MsoNormalTable border=0 cellspacing=0 cellpadding=0><tr>
        <td width=80><p class=MsoNormal><img width=64 height=64 src="cid:logo"></p></td>
        <td><p class=MsoNormal><b>Alan Turing</b></p><p class=MsoNormal>Purchasing | Example Ltd</p>
          <p class=MsoNormal>+44 20 7946 0000</p></td>
      </tr><tr><td colspan=2><p class=MsoNormal style='font-size:8pt'>This email is confidential.</p></td></tr>
      </table></div></body></html>`;
    await send({
      from: 'Alan Turing <alan@example.com>',
      to: extractor.inbox_address,
      subject: 'Prices with a signature',
      html: outlookBody,
      attachments: [{ filename: 'prices.csv', content: PRICES }],
    });
    const job = await newestJob(owner);
    expect(job.status).toBe('succeeded');
    expect(job.documents.map((document) => [document.name, document.rows])).toEqual([
      ['prices.csv', 2],
    ]);
    const unread =
      'the mail’s text (its tables lay out the text or a signature; they hold no data)';
    expect(job.origin).toMatchObject({ kind: 'email', unread: [unread] });
    const credits = (await (await owner.request('/api/account/credits')).json()) as {
      credits_remaining: number;
    };
    expect(credits.credits_remaining).toBe(9);
    await expect.poll(() => mailbox.to('alan@example.com').length, { timeout: 10_000 }).toBe(1);
    const reply = mailbox.to('alan@example.com')[0]!.text.replace(/=\r?\n/g, '');
    expect(reply).toContain('prices.csv: 2 rows');
    expect(reply).not.toContain('Mail body');
    expect(reply).toMatch(
      /Not read: the mail.+s text \(its tables lay out the text or a signature/,
    );
  });

  it('does not read a signature laid out as labels and values beside an attachment', async () => {
    // The walk of stop 44: "Phone | +44…" and "Web | vendor.test" rows made a data table, so a
    // mail with a CSV became a Partial job with "Mail body.html: Failed to extract…".
    const owner = await signUp(app);
    const extractor = await extractorOf(owner);
    const signatures = [
      '<p>Attached.</p><p>Best regards,</p><table><tr><td><b>Ops Team</b></td><td>Vendor Ltd</td></tr><tr><td>Phone</td><td>+44 20 1234 5678</td></tr><tr><td>Web</td><td>vendor.test</td></tr></table>',
      '<p>Attached.</p><table><tr><td><b>Walker</b><br>Accounts</td><td>+44 20 1234 5678<br>partner.test</td></tr><tr><td>Partner Ltd</td><td>London</td></tr></table>',
    ];
    for (const [index, html] of signatures.entries()) {
      await send({
        from: 'Alan Turing <alan@example.com>',
        to: extractor.inbox_address,
        subject: `Prices ${index + 1}`,
        html,
        attachments: [{ filename: 'prices.csv', content: PRICES }],
      });
      const job = await newestJob(owner);
      expect(job.origin).toMatchObject({ kind: 'email', subject: `Prices ${index + 1}` });
      expect(job.status).toBe('succeeded');
      expect(job.documents.map((document) => [document.name, document.rows])).toEqual([
        ['prices.csv', 2],
      ]);
    }
  });

  it('refuses an oversized mail with 552 and a mail with nothing to read', async () => {
    const owner = await signUp(app);
    const extractor = await extractorOf(owner);
    const big = (await send({
      to: extractor.inbox_address,
      subject: 'Too big',
      attachments: [{ filename: 'big.csv', content: 'a,b\n'.repeat(400_000) }],
    }).catch((error: unknown) => error)) as Refused;
    expect(big.responseCode).toBe(552);

    const empty = (await send({
      to: extractor.inbox_address,
      subject: 'Only a calendar',
      attachments: [{ filename: 'invite.ics', content: 'BEGIN:VCALENDAR' }],
    }).catch((error: unknown) => error)) as Refused;
    expect(empty.responseCode).toBe(550);
    expect(empty.response).toContain('no attachment we can read');
    const page = (await (await owner.request('/api/jobs')).json()) as JobPage;
    expect(page.total).toBe(0);
  });

  it('checks attachments as uploads: a program named as a PDF fails, without taking a credit', async () => {
    const owner = await signUp(app);
    const extractor = await extractorOf(owner);
    // The first 64 KB of the Node.js binary running this test: a real program of this machine.
    const program = readFileSync(process.execPath).subarray(0, 65536);
    await send({
      to: extractor.inbox_address,
      subject: 'Your invoice',
      attachments: [
        { filename: 'invoice.pdf', content: program, contentType: 'application/pdf' },
        { filename: 'prices.csv', content: PRICES },
      ],
    });
    const job = await newestJob(owner);
    expect(job.documents.map((document) => [document.name, document.status])).toEqual([
      ['invoice.pdf', 'failed'],
      ['prices.csv', 'succeeded'],
    ]);
    expect(job.documents[0]!.message).toMatch(
      /^This file is a program, not a document: invoice\.pdf is an? \w+ program/,
    );
    const credits = (await (await owner.request('/api/account/credits')).json()) as {
      credits_remaining: number;
    };
    expect(credits.credits_remaining).toBe(9);
  });

  it('limits each inbox; documents beyond the owner’s credits wait for them, the owner is told, and they run when credits come', async () => {
    const owner = await signUp(app);
    const extractor = await extractorOf(owner);
    await owner.request(`/api/extractors/${extractor.id}/automation`, {
      method: 'PUT',
      json: { reply_format: 'csv' },
    });
    const { id: userId } = await app.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', owner.email)
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable('user_credits')
      .set({ credits_remaining: 1 })
      .where('user_id', '=', userId)
      .execute();
    const mail = {
      to: extractor.inbox_address,
      subject: 'Prices again',
      attachments: ['desks', 'lamps', 'chairs'].map((name, index) => ({
        filename: `${name}.csv`,
        content: `item,price\n${name} ${index},${10 + index}\n`,
      })),
      from: 'grace@example.com',
    };
    await send(mail);
    // The first runs on the one credit left; the other two wait, kept, and the job with them.
    const page = (await (await owner.request('/api/jobs?limit=1')).json()) as JobPage;
    const jobId = page.jobs[0]!.id;
    await expect
      .poll(
        async () => {
          const job = (await (await owner.request(`/api/jobs/${jobId}`)).json()) as Job;
          return job.documents.map((document) => document.status);
        },
        { timeout: 15_000 },
      )
      .toEqual(['succeeded', 'waiting_for_credits', 'waiting_for_credits']);
    const waiting = (await (await owner.request(`/api/jobs/${jobId}`)).json()) as Job;
    expect(waiting).toMatchObject({ finished_at: null, waiting_for_credits: 2 });
    // The owner is told by mail, once; the sender hears nothing yet.
    await expect.poll(() => mailbox.to(owner.email).length, { timeout: 10_000 }).toBe(1);
    const notice = mailbox.to(owner.email)[0]!;
    expect(notice.text).toContain('Subject: Documents are waiting for credits');
    expect(notice.text).toContain(
      `2 of the 3 documents that came in for your extractor “${EXTRACTOR.name}” are waiting for credits`,
    );
    expect(mailbox.to('grace@example.com')).toHaveLength(0);

    // Credits come: the waiting documents run by themselves, without the mail sent again.
    await grantCredits({ db: app.db, userId, amount: 5, signupCredits: 10 });
    await resumeWaitingDocuments({
      db: app.db,
      queue: app.jobQueue,
      logger: app.logger,
      signupCredits: 10,
    });
    const done = await finished(owner, jobId);
    expect(done.status).toBe('succeeded');
    expect(done.rows_total).toBe(3);
    // A document that ran cannot be cancelled alone; another's job is not found.
    const started = await owner.request(`/api/jobs/${jobId}/documents/${done.documents[0]!.id}`, {
      method: 'DELETE',
    });
    expect(started.status).toBe(409);
    expect(((await started.json()) as { error: { code: string } }).error.code).toBe(
      'DOCUMENT_STARTED',
    );
    const stranger = await signUp(app);
    const theirs = await stranger.request(`/api/jobs/${jobId}/documents/${done.documents[1]!.id}`, {
      method: 'DELETE',
    });
    expect(theirs.status).toBe(404);
    await expect.poll(() => mailbox.to('grace@example.com').length, { timeout: 10_000 }).toBe(1);
    expect(mailbox.to('grace@example.com')[0]!.text).toContain('chairs.csv: 1 row');
    expect(mailbox.to(owner.email)).toHaveLength(1);
    const credits = (await (await owner.request('/api/account/credits')).json()) as {
      credits_remaining: number;
    };
    expect(credits.credits_remaining).toBe(3);

    // Three mails an hour (INBOUND_RATE_LIMIT=3): the fourth is deferred for the sender to retry.
    await send(mail);
    await send(mail);
    const deferred = (await send(mail).catch((error: unknown) => error)) as Refused;
    expect(deferred.responseCode).toBe(450);
  });
});
