import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Extractor } from '../../src/shared/extractors';
import type { JobPage } from '../../src/shared/jobs';
import { signUp, type Browser } from '../support/accounts';
import type { TestApp } from '../support/create-test-app';
import { startInboxApp } from '../support/inbox-app';
import { manyParts, PRICES_CSV } from '../support/malformed-mails';
import { openSmtp } from '../support/smtp-conversation';
import { TEST_DATABASES } from '../support/test-databases';

// Issue 28, point 2: a mail is written to disk as it comes and read in the read pool, so large
// or malformed mail never stalls the web thread, and its file is gone whatever the answer.

const DOMAIN = 'in.rowsmith.test';
const MB = 1024 * 1024;

type Refused = { responseCode?: number; response?: string };

describe.each(TEST_DATABASES)('large and malformed mail to an inbox on $name', (database) => {
  let app: TestApp;
  let send: (message: SendMailOptions) => Promise<{ response: string }>;
  let spool: string;
  const tmpBefore = process.env.TMPDIR;

  beforeAll(async () => {
    // The receiver writes mails under the system's temporary folder: one of our own, to look in.
    spool = await mkdtemp(join(tmpdir(), 'inbox-spool-'));
    process.env.TMPDIR = spool;
    ({ app, send } = await startInboxApp(database, DOMAIN, { INBOUND_MAX_MB: '30' }));
  });
  afterAll(async () => {
    await app.close();
    if (tmpBefore === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpBefore;
    await rm(spool, { recursive: true, force: true });
  });

  /** The mails written to disk now (tsx keeps a cache folder beside them). */
  const spooled = async () =>
    (await readdir(spool)).filter((name) => name.startsWith('rowsmith-mail-'));

  async function inboxOf(user: Browser): Promise<string> {
    const created = await user.request('/api/extractors', {
      json: {
        name: `Prices ${Math.random()}`,
        columns: [
          { name: 'item', type: 'text' },
          { name: 'price', type: 'number' },
        ],
      },
    });
    const { id } = (await created.json()) as Extractor;
    const set = await user.request(`/api/extractors/${id}/automation`, {
      method: 'PUT',
      json: {},
    });
    return ((await set.json()) as Extractor).inbox_address;
  }

  /** The slowest answer of /api/health, asked back to back until `work` ends. */
  async function slowestHealthDuring<T>(
    work: Promise<T>,
  ): Promise<{ result: T; slowestMs: number }> {
    let isDone = false;
    let slowestMs = 0;

    const probe = (async () => {
      while (!isDone) {
        const started = performance.now();
        const health = await app.app.request('/api/health');
        expect(health.status).toBe(200);
        slowestMs = Math.max(slowestMs, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const result = await work.finally(() => {
      isDone = true;
    });
    await probe;
    return { result, slowestMs };
  }

  it('reads a mail of 20,000 parts in the read pool and refuses it for good (554), health prompt, keeping no file', async () => {
    const owner = await signUp(app);
    const inbox = await inboxOf(owner);
    // The pool starts its threads on first use (tests keep none ready), and nothing else reads here.
    expect(app.readPool.stats().threadIds).toEqual([]);
    const { result, slowestMs } = await slowestHealthDuring(
      send({
        envelope: { from: owner.email, to: [inbox] },
        raw: manyParts(owner.email, inbox, 20_000),
      }).catch((error: unknown) => error as Refused),
    );
    expect((result as Refused).responseCode).toBe(554);
    expect((result as Refused).response).toMatch(/^554 5\.6\.0 This mail could not be read/);
    expect(app.readPool.stats().threadIds.length).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(500);
    expect(await spooled()).toEqual([]);
  });

  // The sending client runs in this process too (encoding 112 MB of base64), so the web thread's
  // latency under large mails is measured by `npm run bench:hostile` (inboxAttacks), not here.
  it('takes four 28 MB mails at once, each written to disk while it comes, and keeps no file of them', async () => {
    const owner = await signUp(app);
    const inbox = await inboxOf(owner);
    // 20.5 MB of bytes make a 28 MB mail once base64-encoded in lines of 76.
    const archive = randomBytes(Math.round(20.5 * MB));
    const mail = {
      from: owner.email,
      to: inbox,
      subject: 'Prices and the archive',
      attachments: [
        { filename: 'prices.csv', content: PRICES_CSV },
        { filename: 'archive.bin', content: archive },
      ],
    };
    const sending = Promise.all([send(mail), send(mail), send(mail), send(mail)]);
    await expect
      .poll(async () => (await spooled()).length, { interval: 20, timeout: 20_000 })
      .toBeGreaterThan(0);
    for (const sent of await sending) expect(sent.response).toMatch(/^250 Accepted: one job/);
    const { jobs } = (await (await owner.request('/api/jobs')).json()) as JobPage;
    expect(jobs).toHaveLength(4);
    expect(await spooled()).toEqual([]);
  });

  it('keeps no file of a mail too large, one with nothing to read, or one whose sender left halfway', async () => {
    const owner = await signUp(app);
    const inbox = await inboxOf(owner);
    const tooLarge = (await send({
      from: owner.email,
      to: inbox,
      subject: 'Too large',
      attachments: [{ filename: 'archive.bin', content: randomBytes(24 * MB) }],
    }).catch((error: unknown) => error)) as Refused;
    expect(tooLarge.responseCode).toBe(552);
    const nothing = (await send({
      from: owner.email,
      to: inbox,
      subject: 'Nothing',
      text: ' ',
    }).catch((error: unknown) => error)) as Refused;
    expect(nothing.responseCode).toBe(550);

    const smtp = await openSmtp(app.smtpPort!);
    await smtp.say('EHLO leaving.test');
    expect(await smtp.say(`MAIL FROM:<${owner.email}>`)).toMatch(/^250/);
    expect(await smtp.say(`RCPT TO:<${inbox}>`)).toMatch(/^250/);
    expect(await smtp.say('DATA')).toMatch(/^354/);
    smtp.write(`From: ${owner.email}\r\nTo: ${inbox}\r\nSubject: Gone\r\n\r\n${'x'.repeat(MB)}`);
    await expect.poll(() => spooled()).toHaveLength(1);
    smtp.close();
    await expect.poll(() => spooled(), { timeout: 5_000 }).toEqual([]);
    const { jobs } = (await (await owner.request('/api/jobs')).json()) as JobPage;
    expect(jobs).toEqual([]);
  });
});
