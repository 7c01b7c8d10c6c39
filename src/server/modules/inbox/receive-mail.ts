import { AppError } from '../../../shared/errors';
import type { ReplyFormat } from '../../../shared/extractors';
import type { Job } from '../../../shared/jobs';
import type { SavedExtractor } from '../extractors/find-saved-extractor';
import { startAutomaticJob, type AutomaticJobDeps } from '../jobs/start-automatic-job';
import type { ReadMail } from './read-mail';
import { replyAddressOf } from './reply-address';

export type InboxDeps = AutomaticJobDeps & {
  /** Whether replies can be sent (SMTP_URL is set). */
  canReply: boolean;
};

/**
 * A mail accepted for one or more inboxes: for each, a job of the extractor's owner on the
 * mail's documents, named in History by its sender and subject, with the extractor's webhook
 * and, when mail can be sent, a reply to the sender (the table attached in the extractor's reply
 * format, if it has one). The receiver let only allowed senders this far; an open inbox takes
 * anyone, so it replies to nobody (a forged sender would get the reply). Refuses a mail
 * with nothing to read (INBOX_NOTHING_TO_READ) before any job is made.
 */
export async function receiveMail(
  deps: InboxDeps,
  mail: { inboxes: SavedExtractor[]; envelopeFrom: string | null; read: ReadMail },
): Promise<Job[]> {
  const { inputs, skipped } = mail.read;
  if (inputs.length === 0)
    throw new AppError('INBOX_NOTHING_TO_READ', {
      params: { skipped: skipped.length > 0 ? ` (${skipped.join(', ')} cannot be read)` : '' },
    });
  const from = mail.read.sender || mail.envelopeFrom || 'unknown sender';
  const subject = mail.read.subject;
  const replyTo = deps.canReply ? replyAddressOf(mail.read, mail.envelopeFrom) : null;
  const jobs: Job[] = [];
  for (const extractor of mail.inboxes) {
    const job = await startAutomaticJob(deps, {
      userId: extractor.user_id,
      // A mail is not sent twice: what credits do not cover waits for them.
      waitForCredits: true,
      job: {
        columns: extractor.columns,
        fields: extractor.fields,
        rules: extractor.rules,
        description: extractor.description ?? undefined,
        template: extractor.id,
        inputs,
        webhookUrl: extractor.webhook_url ?? undefined,
        automatic: {
          extractorId: extractor.id,
          origin: {
            kind: 'email',
            extractor_id: extractor.id,
            from,
            subject,
            ...(mail.read.messageId ? { message_id: mail.read.messageId } : {}),
            ...(mail.read.unread.length > 0 ? { unread: mail.read.unread } : {}),
          },
          reply:
            replyTo && !extractor.inbox_is_open
              ? { to: replyTo, format: extractor.reply_format as ReplyFormat | null }
              : null,
          holdForReview: extractor.hold_for_review,
        },
      },
    });
    if (job) jobs.push(job);
  }
  return jobs;
}
