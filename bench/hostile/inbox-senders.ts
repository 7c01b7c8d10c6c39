// Mail an attacker sends to inboxes (issue 28): backscatter, one mail with MAIL FROM a victim to
// a hundred inboxes of one owner, each set to reply; and a stranger's mail with fifty
// attachments. Beside them, the same mails from a sender the owner allows, and a stranger's mail
// to an inbox the owner opened to anyone; and knocks, connections that name the owner's inbox at
// RCPT and quit, before the owner's own mail. For each: the SMTP answer, the replies the victim (or
// sender) got and the credits taken. A real `rowsmith serve` receiving mail, and a local SMTP
// server standing for the rest of the world.
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Extractor } from '../../src/shared/extractors';
import { startMailServer, type MailServer } from '../../tests/support/mail-server';
import { openSmtp } from '../../tests/support/smtp-conversation';
import { signUpOn, type SignedIn } from '../support/bench-account';
import { startBenchServer } from '../support/bench-server';
import { runInboxLoad, type InboxLoad } from './inbox-load';

const INBOXES = 100;
const KNOCKS = 20;
const RATE_LIMIT = 20;
const ATTACHMENTS = 50;
const CREDITS = 1000;
const VICTIM = 'victim@victim.test';
const PARTNER = 'orders@partner.test';
const PRICES = 'item,price\nDesk,120\nLamp,19.5\n';

export type InboxAttack = {
  attack: string;
  answer: string;
  replies: number;
  creditsTaken: number;
  target: string;
};

const credits = async (user: SignedIn) =>
  ((await (await user.call('/api/account/credits')).json()) as { credits_remaining: number })
    .credits_remaining;

async function inboxes(user: SignedIn, count: number, automation: object): Promise<string[]> {
  const addresses: string[] = [];
  for (let index = 0; index < count; index++) {
    const created = await user.call('/api/extractors', {
      json: {
        name: `Prices ${index}`,
        columns: [
          { name: 'item', type: 'text' },
          { name: 'price', type: 'number' },
        ],
      },
    });
    const { id } = (await created.json()) as Extractor;
    const set = await user.call(`/api/extractors/${id}/automation`, {
      method: 'PUT',
      json: { reply_format: 'csv', ...automation },
    });
    if (!set.ok) throw new Error(`automation answered ${set.status}: ${await set.text()}`);
    addresses.push(((await set.json()) as Extractor).inbox_address);
  }
  return addresses;
}

/** Waits until the owner's jobs have all ended, then until no reply came for 2 s (at most 60 s). */
async function settled(user: SignedIn, sink: MailServer, to: string, jobs: number) {
  for (let wait = 0; wait < 240; wait++) {
    const page = (await (await user.call('/api/jobs?limit=100')).json()) as {
      total: number;
      jobs: { finished_at: string | null }[];
    };
    if (page.total >= jobs && page.jobs.every((job) => job.finished_at)) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  for (let wait = 0; wait < 30; wait++) {
    const replies = sink.to(to).length;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    if (sink.to(to).length === replies) return;
  }
}

export async function runInboxAttacks(
  port: number,
  smtpPort: number,
): Promise<{ attacks: InboxAttack[]; load: InboxLoad[] }> {
  const sink = await startMailServer();
  const server = await startBenchServer(port, {
    APP_URL: `http://127.0.0.1:${port}`,
    INBOUND_SMTP_PORT: String(smtpPort),
    INBOUND_SMTP_HOST: '127.0.0.1',
    INBOUND_EMAIL_DOMAIN: 'in.bench.test',
    // The default: every other attack mails each inbox once; the knocks try to use it up.
    INBOUND_RATE_LIMIT: String(RATE_LIMIT),
    SMTP_URL: sink.url,
    REQUIRE_EMAIL_VERIFICATION: 'false',
    SIGNUP_CREDITS: String(CREDITS),
  });
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  const results: InboxAttack[] = [];
  /** One mail to `to` from `from` (envelope and header), on a fresh owner's inboxes. */
  const attack = async (
    name: string,
    options: { inboxes: number; attachments: number; from: string; automation: object },
    target: string,
  ) => {
    const owner = await signUpOn(server.base);
    const addresses = await inboxes(owner, options.inboxes, options.automation);
    const before = sink.to(options.from).length;
    const mail: SendMailOptions = {
      from: options.from,
      to: addresses,
      subject: 'Cheap watches at spam.test',
      attachments: Array.from({ length: options.attachments }, (_, index) => ({
        filename: `prices-${index}.csv`,
        content: PRICES,
      })),
    };
    const answer = await transport.sendMail(mail).then(
      (sent) => sent.response,
      (error: { response?: string; message: string }) => error.response ?? error.message,
    );
    const jobs = answer.startsWith('250') ? options.inboxes : 0;
    await settled(owner, sink, options.from, jobs);
    results.push({
      attack: name,
      answer: answer.split('\n')[0]!.slice(0, 70),
      replies: sink.to(options.from).length - before,
      creditsTaken: CREDITS - (await credits(owner)),
      target,
    });
  };
  try {
    await attack(
      `backscatter: MAIL FROM <${VICTIM}> to ${INBOXES} inboxes`,
      { inboxes: INBOXES, attachments: 1, from: VICTIM, automation: {} },
      'refused, 0 replies, 0 credits',
    );
    await attack(
      `stranger mail: ${ATTACHMENTS} attachments to one inbox`,
      { inboxes: 1, attachments: ATTACHMENTS, from: VICTIM, automation: {} },
      'refused, 0 replies, 0 credits',
    );
    await attack(
      `baseline: allowed sender, one mail to 3 inboxes`,
      { inboxes: 3, attachments: 1, from: PARTNER, automation: { inbox_senders: [PARTNER] } },
      '250, 3 replies, 3 credits',
    );
    await attack(
      `baseline: stranger to an inbox open to anyone`,
      { inboxes: 1, attachments: 1, from: VICTIM, automation: { inbox_is_open: true } },
      '250, 0 replies, 1 credit',
    );
    results.push(await knocks(server.base, smtpPort, sink, transport));
    const owner = await signUpOn(server.base);
    const [inbox] = await inboxes(owner, 1, {});
    const load = await runInboxLoad({
      base: server.base,
      pid: server.process.pid!,
      smtpPort,
      owner,
      inbox: inbox!,
    });
    return { attacks: results, load };
  } finally {
    transport.close();
    await server.stop();
    await sink.close();
  }
}

/**
 * KNOCKS connections that name the owner's inbox at RCPT and quit (RATE_LIMIT mails an hour),
 * then the owner's own mail: it must be taken, as knocks deliver nothing.
 */
async function knocks(
  base: string,
  smtpPort: number,
  sink: MailServer,
  transport: Transporter<{ response: string }>,
): Promise<InboxAttack> {
  const owner = await signUpOn(base);
  const [address] = await inboxes(owner, 1, {});
  for (let knock = 0; knock < KNOCKS; knock++) {
    const smtp = await openSmtp(smtpPort);
    await smtp.say('EHLO knocker.test');
    await smtp.say(`MAIL FROM:<${owner.email}>`);
    await smtp.say(`RCPT TO:<${address}>`);
    await smtp.say('QUIT');
    smtp.close();
  }
  const answer = await transport
    .sendMail({
      from: owner.email,
      to: address,
      subject: 'My prices',
      attachments: [{ filename: 'prices.csv', content: PRICES }],
    })
    .then(
      (sent) => sent.response,
      (error: { response?: string; message: string }) => error.response ?? error.message,
    );
  await settled(owner, sink, owner.email, answer.startsWith('250') ? 1 : 0);
  return {
    attack: `RCPT-only knocks: ${KNOCKS} × RCPT then QUIT, then the owner's mail (limit ${RATE_LIMIT}/h)`,
    answer: answer.split('\n')[0]!.slice(0, 70),
    replies: sink.to(owner.email).length,
    creditsTaken: CREDITS - (await credits(owner)),
    target: "owner's mail 250, 1 reply, 1 credit",
  };
}
