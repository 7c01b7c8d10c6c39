import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';
import { AppError } from '../../shared/errors';
import type { ReadPool } from '../extraction/read/pool/read-pool';
import type { Logger } from '../logger';
import {
  findInboxExtractor,
  type InboxExtractor,
} from '../modules/extractors/find-inbox-extractor';
import { refusedFromHeader, refusesEnvelopeSender } from '../modules/inbox/check-sender';
import type { ReadMail } from '../modules/inbox/read-mail';
import { receiveMail, type InboxDeps } from '../modules/inbox/receive-mail';
import {
  forgetRateLimitHit,
  hitRateLimit,
  peekRateLimit,
  type RateLimitResult,
} from '../rate-limit/hit-rate-limit';
import { spoolMail } from './spool-mail';

export type SmtpReceiverOptions = {
  port: number;
  host: string;
  /** The domain of inbox addresses; mail to any other domain is refused (no relaying). */
  domain: string;
  maxBytes: number;
  /** Mails read at once; one more is deferred (451 4.3.2) for its sender to retry. */
  maxConcurrent: number;
  /** Mails per window for one inbox, and for one envelope sender to one owner's inboxes. */
  rateLimit: { limit: number; perSender: number; windowSeconds: number };
  deps: InboxDeps;
  /** Where mails are read: a mail's MIME is never parsed on the web thread. */
  readPool: ReadPool;
  logger: Logger;
};

export type SmtpReceiver = { port: number; close: () => Promise<void> };

/** An SMTP refusal: smtp-server answers an error's `responseCode` with its message. */
function refusal(code: number, message: string): Error & { responseCode: number } {
  return Object.assign(new Error(message), { responseCode: code });
}

function isRefusal(error: unknown): error is Error & { responseCode: number } {
  return error instanceof Error && 'responseCode' in error;
}

/** MAIL FROM's address; null for a bounce (`MAIL FROM:<>`). */
function envelopeSenderOf(session: SMTPServerSession): string | null {
  const from = session.envelope.mailFrom;
  return from && from.address ? from.address : null;
}

/**
 * The SMTP receiver of `rowsmith serve` (INBOUND_SMTP_PORT): smtp-server speaks the protocol, a
 * mail is written to a temporary file as it comes (spool-mail.ts; removed whatever the answer)
 * and mailparser reads its MIME in the read pool, never on the web thread; we only decide. RCPT
 * TO an address that is not an inbox answers 550, an inbox whose owner does not allow the
 * envelope sender 550 5.7.1 (so do a From header it does not allow, after DATA;
 * docs/decisions/033-inbox-senders.md), an inbox over its rate limit 450 4.2.1, a sender over
 * its limit with that inbox's owner 450 4.7.1 (the sender tries later; only accepted mails
 * count, so knocks use up nothing); a mail over the size limit answers 552 (at MAIL FROM when
 * its SIZE says so, else after DATA), a mail whose MIME cannot be read, or whose reading outruns
 * a read's memory or time, 554 (for good: it would fail the same way again); an accepted mail
 * becomes a job of each inbox's owner before 250 is answered, so a mail is never accepted and
 * lost.
 */
export async function startSmtpReceiver(options: SmtpReceiverOptions): Promise<SmtpReceiver> {
  const { deps, logger, domain } = options;
  const megabytes = Math.round(options.maxBytes / (1024 * 1024));
  let mailsBeingRead = 0;
  const inboxOf = (address: string) => findInboxExtractor({ db: deps.db, address, domain });

  const checkRecipient = async (address: string, envelopeFrom: string | null) => {
    const extractor = await inboxOf(address);
    if (!extractor) throw refusal(550, `5.1.1 <${address}>: no such inbox here`);
    // Before the rate limit: a stranger's mail must not use up the owner's inbox.
    if (refusesEnvelopeSender(extractor, envelopeFrom))
      throw refusal(
        550,
        `5.7.1 <${envelopeFrom ?? ''}>: this sender is not allowed to mail <${address}>`,
      );
    // Only looks: a RCPT whose mail never comes (a knock, then QUIT) must use up nothing.
    const limit = await inboxLimit(extractor.id, peekRateLimit);
    if (!limit.isAllowed) throw deferred(address, limit);
    const senderLimit = await senderLimitOf(extractor.user_id, envelopeFrom, peekRateLimit);
    if (!senderLimit.isAllowed) throw senderDeferred(envelopeFrom, senderLimit);
  };

  const inboxLimit = (inboxId: string, check: typeof peekRateLimit): Promise<RateLimitResult> =>
    check({
      db: deps.db,
      bucket: 'inbox',
      subject: inboxId,
      limit: options.rateLimit.limit,
      windowSeconds: options.rateLimit.windowSeconds,
    });

  /** One envelope sender's mails to one owner, whichever of the owner's inboxes they go to. */
  const senderLimitOf = (
    ownerId: string,
    envelopeFrom: string | null,
    check: typeof peekRateLimit,
  ): Promise<RateLimitResult> =>
    check({
      db: deps.db,
      bucket: 'inbox-sender',
      subject: `${ownerId}\n${(envelopeFrom ?? '').toLowerCase()}`,
      limit: options.rateLimit.perSender,
      windowSeconds: options.rateLimit.windowSeconds,
    });

  const senderDeferred = (envelopeFrom: string | null, limit: RateLimitResult) =>
    refusal(
      450,
      `4.7.1 <${envelopeFrom ?? ''}> has sent this inbox's owner too many mails for now; try again in ${limit.retryAfterSeconds} seconds`,
    );

  const deferred = (address: string, limit: RateLimitResult) =>
    refusal(
      450,
      `4.2.1 <${address}>: this inbox takes no more mail for now; try again in ${limit.retryAfterSeconds} seconds`,
    );

  /**
   * Counts the mail against each inbox's limit and, once per owner, against the sender's limit
   * with that owner; mails that arrived alongside may have used one up.
   */
  const countMail = async (
    inboxes: Map<string, InboxExtractor>,
    envelopeFrom: string | null,
  ): Promise<string[]> => {
    const hits: string[] = [];
    const refuse = async (error: Error) => {
      await forgetHits(hits);
      return error;
    };
    for (const [address, extractor] of inboxes) {
      const limit = await inboxLimit(extractor.id, hitRateLimit);
      if (!limit.isAllowed || !limit.hitId) throw await refuse(deferred(address, limit));
      hits.push(limit.hitId);
    }
    const owners = new Set([...inboxes.values()].map((extractor) => extractor.user_id));
    for (const ownerId of owners) {
      const limit = await senderLimitOf(ownerId, envelopeFrom, hitRateLimit);
      if (!limit.isAllowed || !limit.hitId) throw await refuse(senderDeferred(envelopeFrom, limit));
      hits.push(limit.hitId);
    }
    return hits;
  };

  const forgetHits = async (hits: string[]) => {
    for (const hitId of hits) await forgetRateLimitHit({ db: deps.db, hitId });
  };

  /** The mail in the spool file at `path`, read in the read pool. */
  const readSpooled = (path: string, bytes: number): Promise<ReadMail> =>
    options.readPool.readMail(path).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 'SERVER_BUSY')
        throw refusal(451, '4.3.2 Too many mails at once; try again later');
      // The same bytes fail the same way every time: a temporary answer would be retried forever.
      logger.info({ err: error, bytes }, 'unreadable mail refused');
      if (error.code === 'INBOX_MAIL_UNREADABLE') throw refusal(554, `5.6.0 ${error.message}`);
      if (error.code === 'READ_TOO_COMPLEX')
        throw refusal(554, '5.6.0 This mail could not be read: it is too complex to read');
      throw refusal(554, '5.6.0 This mail could not be read: its MIME structure is malformed');
    });

  const accept = async (path: string, bytes: number, session: SMTPServerSession) => {
    const read = await readSpooled(path, bytes);
    const inboxes = new Map<string, InboxExtractor>();
    const addresses = new Map<string, InboxExtractor>();
    for (const recipient of session.envelope.rcptTo) {
      const extractor = await inboxOf(recipient.address);
      if (!extractor || inboxes.has(extractor.id)) continue;
      inboxes.set(extractor.id, extractor);
      addresses.set(recipient.address, extractor);
    }
    const envelopeFrom = envelopeSenderOf(session);
    for (const extractor of inboxes.values()) {
      const refused = refusedFromHeader(extractor, read);
      if (refused !== null)
        throw refusal(550, `5.7.1 From: <${refused}> is not allowed to mail this inbox`);
    }
    const hits = await countMail(addresses, envelopeFrom);
    const jobs = await receiveMail(deps, {
      inboxes: [...inboxes.values()],
      envelopeFrom,
      read,
    }).catch(async (error: unknown) => {
      await forgetHits(hits);
      throw error;
    });
    logger.info({ jobs: jobs.map((job) => job.id), from: envelopeFrom, bytes }, 'mail received');
    return `Accepted: ${jobs.length === 1 ? 'one job' : `${jobs.length} jobs`}`;
  };

  const server = new SMTPServer({
    name: domain,
    banner: 'Rowsmith inbox',
    size: options.maxBytes,
    authOptional: true,
    // Inboxes only receive; nobody signs in to send through us. See docs/decisions/029-automation.md.
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    socketTimeout: 60_000,
    onRcptTo(address, session, callback) {
      checkRecipient(address.address, envelopeSenderOf(session)).then(
        () => callback(),
        (error: unknown) => callback(error as Error),
      );
    },
    onData(stream, session, callback) {
      // smtp-server reads the rest of a mail answered early, then gives the answer.
      if (mailsBeingRead >= options.maxConcurrent) {
        callback(refusal(451, '4.3.2 Too many mails at once; try again later'));
        return;
      }
      mailsBeingRead += 1;
      let isReleased = false;
      const release = () => {
        if (!isReleased) mailsBeingRead -= 1;
        isReleased = true;
      };
      // A sender gone before the end of its mail: nothing will be answered.
      stream.on('close', () => {
        if (!stream.readableEnded) release();
      });
      const answer: typeof callback = (error, message) => {
        release();
        callback(error, message);
      };
      const answerFailure = (error: unknown) => {
        if (isRefusal(error)) {
          answer(error);
          return;
        }
        if (error instanceof AppError) {
          const code = error.code === 'BATCH_TOO_LARGE' ? 552 : 550;
          answer(refusal(code, `5.6.0 ${error.message}`));
          return;
        }
        logger.error({ err: error }, 'receiving a mail failed');
        answer(refusal(451, '4.3.0 The mail could not be taken now; try again later'));
      };
      // The file goes before the answer: a sender told the outcome finds nothing of its mail left.
      void spoolMail(stream, options.maxBytes).then(
        async (spooled) => {
          const outcome = await (
            spooled.isTooLarge || stream.sizeExceeded
              ? Promise.reject(refusal(552, `5.3.4 The mail is larger than ${megabytes} MB`))
              : accept(spooled.path, spooled.bytes, session)
          ).then(
            (message) => ({ message }),
            (error: unknown) => ({ error }),
          );
          await spooled.remove();
          if ('message' in outcome) answer(null, outcome.message);
          else answerFailure(outcome.error);
        },
        (error: unknown) => {
          // The sender went halfway (its place is freed on close), or the disk failed.
          if (!stream.readableEnded) return;
          answerFailure(error);
        },
      );
    },
  });
  server.on('error', (error) => logger.warn({ err: error }, 'SMTP receiver error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  logger.info({ port, domain }, 'receiving mail');
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
