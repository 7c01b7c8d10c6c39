import type { ParsedMail } from 'mailparser';
import { cleanDocumentName } from '../../../shared/document-name';
import { AppError } from '../../../shared/errors';
import type { ReplyFormat } from '../../../shared/extractors';
import type { Job } from '../../../shared/jobs';
import type { SavedExtractor } from '../extractors/find-saved-extractor';
import { startAutomaticJob, type AutomaticJobDeps } from '../jobs/start-automatic-job';
import { mailInputs } from './mail-inputs';
import { replyAddressOf } from './reply-address';

/** The From header as a person reads it: `Ada Lovelace <ada@example.com>`. */
function senderOf(mail: ParsedMail): string {
  const first = mail.from?.value[0];
  if (!first?.address) return cleanDocumentName(mail.from?.text ?? '');
  const name = cleanDocumentName(first.name);
  return cleanDocumentName(name ? `${name} <${first.address}>` : first.address);
}

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
  mail: { inboxes: SavedExtractor[]; envelopeFrom: string | null; parsed: ParsedMail },
): Promise<Job[]> {
  const { inputs, skipped } = mailInputs(mail.parsed);
  if (inputs.length === 0)
    throw new AppError('INBOX_NOTHING_TO_READ', {
      params: { skipped: skipped.length > 0 ? ` (${skipped.join(', ')} cannot be read)` : '' },
    });
  const from = senderOf(mail.parsed) || mail.envelopeFrom || 'unknown sender';
  const subject = cleanDocumentName(mail.parsed.subject ?? '');
  const replyTo = deps.canReply ? replyAddressOf(mail.parsed, mail.envelopeFrom) : null;
  const jobs: Job[] = [];
  for (const extractor of mail.inboxes) {
    const job = await startAutomaticJob(deps, {
      userId: extractor.user_id,
      job: {
        columns: extractor.columns,
        description: extractor.description ?? undefined,
        template: extractor.id,
        inputs,
        webhookUrl: extractor.webhook_url ?? undefined,
        automatic: {
          extractorId: extractor.id,
          origin: { kind: 'email', extractor_id: extractor.id, from, subject },
          reply:
            replyTo && !extractor.inbox_is_open
              ? { to: replyTo, format: extractor.reply_format as ReplyFormat | null }
              : null,
        },
      },
    });
    if (job) jobs.push(job);
  }
  return jobs;
}
