import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extractor } from '../../src/shared/extractors';
import type { JobPage } from '../../src/shared/jobs';
import { signUp, type Browser } from '../support/accounts';
import type { TestApp } from '../support/create-test-app';
import { startInboxApp } from '../support/inbox-app';
import { manyParts, nestedMail, PRICES_CSV } from '../support/malformed-mails';
import { openSmtp, type SmtpConversation } from '../support/smtp-conversation';
import { TEST_DATABASES } from '../support/test-databases';

// Issue 28, point 2: an inbox's limits count mail, not knocks, and a mail that cannot be read
// is refused for good. A real SMTP conversation with the receiver of `rowsmith serve`.

const DOMAIN = 'in.rowsmith.test';

type Sent = { response: string };
type Refused = { responseCode?: number; response?: string };

describe.each(TEST_DATABASES)('the limits of an inbox on $name', (database) => {
  let app: TestApp;
  let send: (message: SendMailOptions) => Promise<Sent>;

  beforeAll(async () => {
    ({ app, send } = await startInboxApp(database, DOMAIN, {
      INBOUND_RATE_LIMIT: '20',
      INBOUND_SENDER_RATE_LIMIT: '5',
      INBOUND_MAX_CONCURRENT: '2',
    }));
  });
  afterAll(async () => {
    await app.close();
  });

  async function inboxOf(user: Browser, automation: object = {}): Promise<string> {
    const created = await user.request('/api/extractors', {
      json: {
        name: `Prices ${Math.random()}`,
        columns: [
          { name: 'item', type: 'text' },
          { name: 'price', type: 'number' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as Extractor;
    const set = await user.request(`/api/extractors/${id}/automation`, {
      method: 'PUT',
      json: { reply_format: 'csv', ...automation },
    });
    expect(set.status).toBe(200);
    return ((await set.json()) as Extractor).inbox_address;
  }

  const jobsOf = async (user: Browser) =>
    ((await (await user.request('/api/jobs')).json()) as JobPage).jobs;

  it('does not count RCPT without a mail: 25 knocks, then the owner’s mail is taken', async () => {
    const owner = await signUp(app);
    const inbox = await inboxOf(owner);
    for (let knock = 0; knock < 25; knock++) {
      const smtp = await openSmtp(app.smtpPort!);
      expect(await smtp.say('EHLO knocker.test')).toMatch(/^250/);
      expect(await smtp.say(`MAIL FROM:<${owner.email}>`)).toMatch(/^250/);
      expect(await smtp.say(`RCPT TO:<${inbox}>`)).toMatch(/^250/);
      expect(await smtp.say('QUIT')).toMatch(/^221/);
      smtp.close();
    }

    const sent = await send({
      from: owner.email,
      to: inbox,
      subject: 'Prices',
      attachments: [{ filename: 'prices.csv', content: PRICES_CSV }],
    });
    expect(sent.response).toMatch(/^250 Accepted: one job/);
    expect(await jobsOf(owner)).toHaveLength(1);
  });

  it('defers a sender past INBOUND_SENDER_RATE_LIMIT mails to one owner (450 4.7.1), knocks uncounted, others still taken', async () => {
    const partner = 'orders@partner.test';
    const owner = await signUp(app);
    const first = await inboxOf(owner, { inbox_senders: [partner] });
    const second = await inboxOf(owner, { inbox_senders: [partner] });
    const prices = (from: string, to: string) => ({
      from,
      to,
      subject: 'Prices',
      attachments: [{ filename: 'prices.csv', content: PRICES_CSV }],
    });
    for (let knock = 0; knock < 10; knock++) {
      const smtp = await openSmtp(app.smtpPort!);
      await smtp.say('EHLO partner.test');
      expect(await smtp.say(`MAIL FROM:<${partner}>`)).toMatch(/^250/);
      expect(await smtp.say(`RCPT TO:<${first}>`)).toMatch(/^250/);
      expect(await smtp.say('QUIT')).toMatch(/^221/);
      smtp.close();
    }

    // INBOUND_SENDER_RATE_LIMIT=5 an hour, across the owner's inboxes: the sixth is deferred.
    for (let mail = 0; mail < 5; mail++)
      expect((await send(prices(partner, mail % 2 ? second : first))).response).toMatch(
        /^250 Accepted: one job/,
      );
    const deferred = (await send(prices(partner, second)).catch(
      (error: unknown) => error,
    )) as Refused;
    expect(deferred.responseCode).toBe(450);
    expect(deferred.response).toMatch(
      /^450 4\.7\.1 <orders@partner\.test> has sent this inbox's owner too many mails for now; try again in \d+ seconds/,
    );
    expect(await jobsOf(owner)).toHaveLength(5);

    // The owner's own mail still comes in, and the partner may still mail someone else.
    expect((await send(prices(owner.email, second))).response).toMatch(/^250 Accepted/);
    const other = await signUp(app);
    const elsewhere = await inboxOf(other, { inbox_senders: [partner] });
    expect((await send(prices(partner, elsewhere))).response).toMatch(/^250 Accepted/);
    expect(await jobsOf(owner)).toHaveLength(6);
    expect(await jobsOf(other)).toHaveLength(1);
  });

  it('refuses for good (554) a mail nested 2,000 multiparts deep or of 20,000 parts, making no job', async () => {
    const owner = await signUp(app);
    const inbox = await inboxOf(owner);
    for (const raw of [
      nestedMail(owner.email, inbox, 2_000),
      manyParts(owner.email, inbox, 20_000),
    ]) {
      const refused = (await send({ envelope: { from: owner.email, to: [inbox] }, raw }).catch(
        (error: unknown) => error,
      )) as Refused;
      expect(refused.responseCode).toBe(554);
      expect(refused.response).toMatch(/^554 5\.6\.0 This mail could not be read: it has too many/);
    }
    expect(await jobsOf(owner)).toEqual([]);
  });

  it('defers a mail beyond INBOUND_MAX_CONCURRENT being read (451 4.3.2), and takes it once one ends', async () => {
    const owner = await signUp(app);
    const inbox = await inboxOf(owner);
    const mail = {
      from: owner.email,
      to: inbox,
      subject: 'Prices',
      attachments: [{ filename: 'prices.csv', content: PRICES_CSV }],
    };
    /** A mail sent up to its last line, the sender holding the rest. */
    const halfSent = async (): Promise<SmtpConversation> => {
      const smtp = await openSmtp(app.smtpPort!);
      await smtp.say('EHLO slow.test');
      expect(await smtp.say(`MAIL FROM:<${owner.email}>`)).toMatch(/^250/);
      expect(await smtp.say(`RCPT TO:<${inbox}>`)).toMatch(/^250/);
      expect(await smtp.say('DATA')).toMatch(/^354/);
      smtp.write(
        [
          `From: ${owner.email}`,
          `To: ${inbox}`,
          'Subject: Slow prices',
          'MIME-Version: 1.0',
          'Content-Type: multipart/mixed; boundary="p"',
          '',
          '--p',
          'Content-Type: text/csv; name="prices.csv"',
          '',
          PRICES_CSV,
        ].join('\r\n'),
      );
      return smtp;
    };
    const finish = (smtp: SmtpConversation) => {
      smtp.write('--p--\r\n');
      return smtp.say('.');
    };

    // INBOUND_MAX_CONCURRENT=2: two mails half sent, a third is deferred for its sender to retry.
    const slow = [await halfSent(), await halfSent()];
    const deferred = (await send(mail).catch((error: unknown) => error)) as Refused;
    expect(deferred.responseCode).toBe(451);
    expect(deferred.response).toMatch(/^451 4\.3\.2 Too many mails at once; try again later/);

    expect(await finish(slow[0]!)).toMatch(/^250 Accepted: one job/);
    slow[0]!.close();
    expect((await send(mail)).response).toMatch(/^250 Accepted: one job/);

    // A sender gone halfway frees its place.
    slow[0] = await halfSent();
    slow[0].close();
    await expect
      .poll(async () => (await send(mail).catch((error: Refused) => error)).response, {
        timeout: 5_000,
      })
      .toMatch(/^250 Accepted/);
    expect(await finish(slow[1]!)).toMatch(/^250 Accepted: one job/);
    slow[1]!.close();
    expect(await jobsOf(owner)).toHaveLength(4);
  });
});
