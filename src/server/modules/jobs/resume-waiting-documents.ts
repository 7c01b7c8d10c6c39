import type { Kysely } from 'kysely';
import { CREDITS_WAIT_DAYS } from '../../../shared/jobs';
import { writeTransaction } from '../../db/dialect';
import type { Database } from '../../db/schema';
import type { JobQueue } from '../../jobs/job-queue';
import type { Logger } from '../../logger';
import { deductCredit } from '../credits/deduct-credit';
import { refundCredit } from '../credits/refund-credit';
import { finalizeJobIfDone } from './finish-document';
import { announceJobEvents, insertJobEvent } from './job-events';
import { endWaitingDocument, queueWaitingDocument, selectWaitingDocuments } from './jobs.queries';

export type ResumeDeps = {
  db: Kysely<Database>;
  queue: JobQueue;
  logger: Logger;
  signupCredits: number;
};

const DAY_MS = 24 * 3600_000;

/** A document that waited its days out: failed unread, its job ended when it was the last. */
async function giveUp(deps: ResumeDeps, document: { id: string; job_id: string }) {
  await writeTransaction(deps.db, async (trx) => {
    const ended = await endWaitingDocument(trx, document, {
      status: 'failed',
      error_code: 'NO_CREDITS',
      message: `No credits came within ${CREDITS_WAIT_DAYS} days: the document was not read.`,
    });
    if (!ended) return;
    await insertJobEvent(trx, document.job_id, { type: 'document', document_id: document.id });
    await finalizeJobIfDone(trx, document.job_id);
  });
  announceJobEvents(document.job_id);
}

/**
 * Documents waiting for credits (issue 32 point 2) run once their owner has credits: each is paid
 * for, one credit at a time, oldest job first, and handed to the workers; an owner still without
 * credits keeps theirs waiting. One that has waited CREDITS_WAIT_DAYS fails unread. Run by the
 * workers' sweep, so documents start within its interval of a grant. Answers how many started.
 */
export async function resumeWaitingDocuments(deps: ResumeDeps, now = Date.now()): Promise<number> {
  const { db } = deps;
  const shortOfCredits = new Set<string>();
  let started = 0;
  for (const document of await selectWaitingDocuments(db, 200)) {
    if (now - Date.parse(document.created_at) > CREDITS_WAIT_DAYS * DAY_MS) {
      await giveUp(deps, document);
      continue;
    }
    const userId = document.user_id;
    if (!userId || shortOfCredits.has(userId)) continue;
    const isPaid = await deductCredit({
      db,
      userId,
      signupCredits: deps.signupCredits,
      logger: deps.logger,
    });
    if (!isPaid) {
      shortOfCredits.add(userId);
      continue;
    }
    if (!(await queueWaitingDocument(db, document.id))) {
      // Cancelled meanwhile: the credit goes back.
      await refundCredit({ db, userId });
      continue;
    }
    await deps.queue.enqueue([{ jobId: document.job_id, documentId: document.id }]);
    await insertJobEvent(db, document.job_id, { type: 'document', document_id: document.id });
    announceJobEvents(document.job_id);
    started += 1;
  }
  if (started > 0) deps.logger.info({ started }, 'documents waiting for credits started');
  return started;
}
