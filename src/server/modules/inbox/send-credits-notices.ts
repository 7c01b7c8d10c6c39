import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { CREDITS_WAIT_DAYS } from '../../../shared/jobs';
import {
  claimCreditsNotice,
  selectDueCreditsNotices,
  selectExtractorName,
  setCreditsNotice,
} from './inbox.queries';

export type NoticeDeps = { db: Kysely<Database>; logger: Logger; mailer: Mailer; appUrl: string };

type Notice = { to: string; waiting: number; total: number; extractorName: string | null };

/** The owner's mail: how many documents wait for credits, until when, and where to ask. */
export function composeCreditsNotice(notice: Notice, appUrl: string): MailMessage {
  const { waiting, total } = notice;
  const documents = `${waiting} of the ${total} document${total === 1 ? '' : 's'}`;
  const where = notice.extractorName ? ` for your extractor “${notice.extractorName}”` : '';
  return {
    to: notice.to,
    subject: 'Documents are waiting for credits',
    text: [
      `${documents} that came in${where} are waiting for credits: your account ran out.`,
      '',
      `They run by themselves once you have credits again, for up to ${CREDITS_WAIT_DAYS} days; nobody needs to send them again. Ask for credits at ${appUrl}/pricing#request-credits, and see them in your History at ${appUrl}/history.`,
    ].join('\n'),
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * Tells the owners of jobs whose documents wait for credits, once per job (the senders of the
 * mail are not told). A notice that cannot be sent is tried again at the next look.
 */
export async function sendCreditsNotices(deps: NoticeDeps): Promise<void> {
  const { db } = deps;
  for (const due of await selectDueCreditsNotices(db, 10)) {
    if (!(await claimCreditsNotice(db, due.id))) continue;
    try {
      const extractorName = due.extractor_id
        ? await selectExtractorName(db, due.extractor_id)
        : null;
      const notice = {
        to: due.email,
        waiting: Number(due.waiting),
        total: Number(due.documents_total),
        extractorName,
      };
      await deps.mailer.send(composeCreditsNotice(notice, deps.appUrl));
      await setCreditsNotice(db, due.id, 'sent');
    } catch (error) {
      deps.logger.warn({ err: error, jobId: due.id }, 'the mail about credits could not be sent');
      await setCreditsNotice(db, due.id, 'due');
    }
  }
}
