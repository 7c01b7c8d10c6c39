import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extractor } from '../../src/shared/extractors';
import type { Job, JobPage } from '../../src/shared/jobs';
import { signUp, type Browser } from '../support/accounts';
import type { TestApp } from '../support/create-test-app';
import { startInboxApp } from '../support/inbox-app';
import { startMailServer, type MailServer } from '../support/mail-server';
import { TEST_DATABASES } from '../support/test-databases';

// Issue 28, point 1: an inbox takes mail only from the people its owner trusts, so nobody can
// make Rowsmith mail a victim (backscatter) or spend the owner's credits. A real SMTP
// conversation with the receiver of `rowsmith serve`, and a local sink for the replies.

const DOMAIN = 'in.rowsmith.test';
const PRICES = 'item,price\nDesk,120\nLamp,19.5\n';
const EXTRACTOR = {
  name: 'Supplier prices',
  columns: [
    { name: 'item', type: 'text' },
    { name: 'price', type: 'number' },
  ],
};
const VICTIM = 'victim@victim.test';

type Refused = { responseCode?: number; response?: string };

describe.each(TEST_DATABASES)('who may mail an inbox on $name', (database) => {
  let app: TestApp;
  let mailbox: MailServer;
  let send: (message: SendMailOptions) => Promise<unknown>;

  beforeAll(async () => {
    mailbox = await startMailServer();
    ({ app, send } = await startInboxApp(database, DOMAIN, {
      INBOUND_RATE_LIMIT: '100',
      SMTP_URL: mailbox.url,
    }));
  });
  afterAll(async () => {
    await app.close();
    await mailbox.close();
  });

  async function extractorOf(user: Browser, automation: object = {}): Promise<Extractor> {
    const created = await user.request('/api/extractors', {
      json: { ...EXTRACTOR, name: `Prices ${Math.random()}` },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Extractor;
    const set = await user.request(`/api/extractors/${id}/automation`, {
      method: 'PUT',
      json: { reply_format: 'csv', ...automation },
    });
    expect(set.status).toBe(200);
    return (await set.json()) as Extractor;
  }

  const creditsOf = async (user: Browser) =>
    (
      (await (await user.request('/api/account/credits')).json()) as {
        credits_remaining: number;
      }
    ).credits_remaining;

  const jobsOf = async (user: Browser) =>
    ((await (await user.request('/api/jobs')).json()) as JobPage).jobs;

  async function newestJob(user: Browser): Promise<Job> {
    for (let attempt = 0; attempt < 150; attempt++) {
      const id = (await jobsOf(user))[0]?.id;
      const job = id ? ((await (await user.request(`/api/jobs/${id}`)).json()) as Job) : null;
      if (job?.finished_at) return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the mailed job did not finish');
  }

  /** A mail from the owner to an inbox of theirs, whose reply arrives once every earlier one has. */
  async function replyToOwnMail(owner: Browser & { email: string }) {
    const own = await extractorOf(owner);
    await send({
      from: owner.email,
      to: own.inbox_address,
      subject: 'Marker',
      attachments: [{ filename: 'prices.csv', content: PRICES }],
    });
    await expect.poll(() => mailbox.to(owner.email).length, { timeout: 10_000 }).toBe(1);
  }

  it('refuses a stranger at RCPT with 550 5.7.1, for every inbox named: no job, no credit, no reply', async () => {
    const owner = await signUp(app);
    const inboxes = await Promise.all([1, 2, 3].map(() => extractorOf(owner)));
    const refused = (await send({
      envelope: { from: VICTIM, to: inboxes.map((inbox) => inbox.inbox_address) },
      from: VICTIM,
      to: inboxes.map((inbox) => inbox.inbox_address),
      subject: 'Buy cheap watches at spam.test',
      attachments: Array.from({ length: 5 }, (_, index) => ({
        filename: `prices-${index}.csv`,
        content: PRICES,
      })),
    }).catch((error: unknown) => error)) as Refused;
    expect(refused.responseCode).toBe(550);
    expect(refused.response).toMatch(/^550 5\.7\.1 .*not allowed/);

    expect(await jobsOf(owner)).toEqual([]);
    expect(await creditsOf(owner)).toBe(10);
    await replyToOwnMail(owner);
    expect(mailbox.to(VICTIM)).toEqual([]);
  });

  it('refuses an allowed envelope sender with a From header it does not allow, after DATA', async () => {
    const owner = await signUp(app);
    const extractor = await extractorOf(owner, { inbox_senders: ['ada@partner.test'] });
    const refused = (await send({
      envelope: { from: 'ada@partner.test', to: [extractor.inbox_address] },
      from: `Accounts <${VICTIM}>`,
      to: extractor.inbox_address,
      subject: 'Forged',
      attachments: [{ filename: 'prices.csv', content: PRICES }],
    }).catch((error: unknown) => error)) as Refused;
    expect(refused.responseCode).toBe(550);
    expect(refused.response).toMatch(/^550 5\.7\.1 From: <victim@victim\.test> is not allowed/);

    expect(await jobsOf(owner)).toEqual([]);
    expect(await creditsOf(owner)).toBe(10);
    await replyToOwnMail(owner);
    expect(mailbox.to(VICTIM)).toEqual([]);
    expect(mailbox.to('ada@partner.test')).toEqual([]);
  });

  it('takes mail from an allowed address and an allowed domain, and replies to them', async () => {
    const owner = await signUp(app);
    const extractor = await extractorOf(owner, {
      inbox_senders: ['Ada@Partner.test', 'supplier.test'],
    });
    expect(extractor.inbox_senders).toEqual(['ada@partner.test', '@supplier.test']);
    expect(extractor.inbox_is_open).toBe(false);

    for (const sender of ['ada@partner.test', 'orders@supplier.test']) {
      await send({
        from: sender,
        to: extractor.inbox_address,
        subject: `Prices from ${sender}`,
        attachments: [{ filename: 'prices.csv', content: PRICES }],
      });
      const job = await newestJob(owner);
      expect(job.status).toBe('succeeded');
      await expect.poll(() => mailbox.to(sender).length, { timeout: 10_000 }).toBe(1);
      expect(mailbox.to(sender)[0]!.text).toContain(`Subject: Re: Prices from ${sender}`);
    }
    expect(await creditsOf(owner)).toBe(8);

    // Not another address at the allowed address's domain, nor a subdomain of an allowed domain.
    for (const stranger of ['bob@partner.test', 'x@mail.supplier.test']) {
      const refused = (await send({
        from: stranger,
        to: extractor.inbox_address,
        subject: 'x',
        text: 'x',
      }).catch((error: unknown) => error)) as Refused;
      expect(refused.responseCode).toBe(550);
    }
    expect(await jobsOf(owner)).toHaveLength(2);
  });

  it('always takes mail from the owner’s own account address', async () => {
    const owner = await signUp(app);
    const extractor = await extractorOf(owner, { inbox_senders: [] });
    await send({
      from: owner.email.toUpperCase(),
      to: extractor.inbox_address,
      subject: 'My own prices',
      attachments: [{ filename: 'prices.csv', content: PRICES }],
    });
    expect((await newestJob(owner)).status).toBe('succeeded');
    await expect.poll(() => mailbox.to(owner.email).length, { timeout: 10_000 }).toBe(1);
  });

  it('takes mail from anyone into an open inbox, and replies to nobody', async () => {
    const owner = await signUp(app);
    const extractor = await extractorOf(owner, { inbox_is_open: true });
    expect(extractor.inbox_is_open).toBe(true);
    await send({
      from: VICTIM,
      to: extractor.inbox_address,
      subject: 'Open inbox',
      attachments: [{ filename: 'prices.csv', content: PRICES }],
    });
    const job = await newestJob(owner);
    expect(job.status).toBe('succeeded');
    expect(job.origin).toMatchObject({ kind: 'email', from: VICTIM });
    await replyToOwnMail(owner);
    expect(mailbox.to(VICTIM)).toEqual([]);
  });

  it('checks the list of allowed senders', async () => {
    const owner = await signUp(app);
    const extractor = await extractorOf(owner);
    const put = (inbox_senders: unknown) =>
      owner.request(`/api/extractors/${extractor.id}/automation`, {
        method: 'PUT',
        json: { inbox_senders },
      });
    const bad = await put(['ada@partner.test', 'not an address', 'a@b@c']);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('“not an address” is neither an email address nor a domain');
    const tooMany = await put(Array.from({ length: 51 }, (_, index) => `s${index}@partner.test`));
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain('Allow at most 50 senders and domains.');
    const fine = await put(['@partner.test', 'PARTNER.test', ' ada@partner.test ']);
    expect(((await fine.json()) as Extractor).inbox_senders).toEqual([
      '@partner.test',
      'ada@partner.test',
    ]);
  });
});
