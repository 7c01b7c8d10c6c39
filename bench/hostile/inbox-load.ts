// Heavy and malformed mail to an inbox (issue 28): eight 28 MB mails at once, a mail of 20,000
// MIME parts and one nested 2,000 multiparts deep, each from the inbox's owner. For each: the SMTP
// answers, the memory the server added (its resident set, sampled, above the same just before)
// and the slowest health check meanwhile, probed from a process of its own beside a do-nothing
// server (the machine's own delay). The mails are composed before the clock starts.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import nodemailer from 'nodemailer';
import type { SignedIn } from '../support/bench-account';
import { manyParts, nestedMail, PRICES_CSV } from '../../tests/support/malformed-mails';
import { probeFromOutside } from '../support/outside-probe';

const MB = 1024 * 1024;
const LARGE_MAILS = 8;
/** Bytes that make a 28 MB mail once base64-encoded in lines of 76. */
const ARCHIVE_BYTES = Math.round(20.5 * MB);

export type InboxLoad = {
  attack: string;
  answers: string;
  addedRssMb: number;
  slowestHealthMs: number;
  controlSlowestMs: number;
  target: string;
};

function head(from: string, to: string, subject: string): string[] {
  return [`From: ${from}`, `To: ${to}`, `Subject: ${subject}`, 'MIME-Version: 1.0'];
}

function largeMail(from: string, to: string): string {
  const base64 = randomBytes(ARCHIVE_BYTES).toString('base64').replace(/.{76}/g, '$&\r\n');
  return [
    ...head(from, to, 'Prices and the archive'),
    'Content-Type: multipart/mixed; boundary="p"',
    '',
    '--p',
    'Content-Type: text/csv; name="prices.csv"',
    '',
    PRICES_CSV,
    '--p',
    'Content-Type: application/octet-stream; name="archive.bin"',
    'Content-Transfer-Encoding: base64',
    '',
    base64,
    '--p--',
    '',
  ].join('\r\n');
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : 0;
}

/** Samples the server's resident set every 50 ms until stopped; answers the highest. */
function sampleRss(pid: number): () => Promise<number> {
  let highest = 0;
  let isRunning = true;
  const loop = (async () => {
    while (isRunning) {
      highest = Math.max(highest, await rssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    isRunning = false;
    await loop;
    return highest;
  };
}

/** Counts the answers: `4 × 250, 4 × 451`. */
function tally(answers: string[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers) {
    const code = answer.slice(0, 3);
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts].map(([code, count]) => `${count} × ${code}`).join(', ');
}

export async function runInboxLoad(options: {
  base: string;
  pid: number;
  smtpPort: number;
  owner: SignedIn;
  inbox: string;
}): Promise<InboxLoad[]> {
  const { owner, inbox } = options;
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: options.smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  const sendRaw = (raw: string) =>
    transport.sendMail({ envelope: { from: owner.email, to: [inbox] }, raw }).then(
      (sent) => sent.response,
      (error: { response?: string; message: string }) => error.response ?? error.message,
    );
  /** Sends the mails at once, measuring the server meanwhile. */
  const measured = async (attack: string, mails: string[], target: string): Promise<InboxLoad> => {
    const before = await rssMb(options.pid);
    const stopRss = sampleRss(options.pid);
    const stopHealth = await probeFromOutside(`${options.base}/api/health`);
    const answers = await Promise.all(mails.map(sendRaw));
    const probed = await stopHealth();
    const highest = await stopRss();
    return {
      attack,
      answers: tally(answers),
      addedRssMb: Math.round(highest - before),
      slowestHealthMs: Math.round(probed.slowestMs),
      controlSlowestMs: Math.round(probed.controlSlowestMs),
      target,
    };
  };
  try {
    const large = largeMail(owner.email, inbox);
    const results = [
      await measured(
        `${LARGE_MAILS} × ${Math.round(large.length / MB)} MB mails at once`,
        Array.from({ length: LARGE_MAILS }, () => large),
        'taken or 451 (INBOUND_MAX_CONCURRENT), added < 300 MB, health < 1 s',
      ),
    ];
    results.push(
      await measured(
        'malformed MIME: 20,000 parts',
        [manyParts(owner.email, inbox, 20_000)],
        '554 (not 451), health < 1 s',
      ),
      await measured(
        'malformed MIME: nested 2,000 deep',
        [nestedMail(owner.email, inbox, 2_000)],
        '554 (not 451), health < 1 s',
      ),
    );
    return results;
  } finally {
    transport.close();
  }
}
