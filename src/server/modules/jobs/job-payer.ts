import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Allowance } from '../../../shared/account';
import { AppError } from '../../../shared/errors';
import type { SessionUser } from '../../auth/session';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import { deductCredit } from '../credits/deduct-credit';
import { getCredits } from '../credits/get-credits';
import { refundCredit } from '../credits/refund-credit';
import { apiKeyHintFor, releaseTrialRun, reserveTrialRuns } from '../trial/reserve-trial-run';
import type { TrialLimits, TrialSubject } from '../trial/trial-counters';

/** The refusals that mean the owner's credits are short, not that the run is refused. */
export const SHORT_OF_CREDITS: readonly string[] = ['NO_CREDITS', 'NOT_ENOUGH_CREDITS'];

/** Who asks for a run: a signed-in user, or an anonymous visitor on the free trial. */
export type Caller =
  { kind: 'user'; user: SessionUser } | { kind: 'anonymous'; subject: TrialSubject };

/** Who owns a job and how its runs were paid for, as the job keeps it. */
export type Payment = {
  userId: string | null;
  /** A hash of the visitor's trial id: lets the same browser see its jobs, names no one. */
  visitorKey: string | null;
  /** The trial counters the free runs came from, to give them back to the same ones. */
  trialKeys: string[] | null;
  allowance: Allowance;
};

export type PaymentOptions = {
  db: Kysely<Database>;
  logger: Logger;
  caller: Caller;
  /** One run per document (SPEC.md: one credit per extraction). */
  count: number;
  signupCredits: number;
  trialLimits: TrialLimits;
};

export function visitorKeyOf(subject: Pick<TrialSubject, 'trialId'>): string {
  return createHash('sha256').update(`visitor\n${subject.trialId}`).digest('hex');
}

async function creditsAllowance(options: PaymentOptions, userId: string): Promise<Allowance> {
  try {
    const credits = await getCredits({
      db: options.db,
      userId,
      signupCredits: options.signupCredits,
    });
    return { kind: 'credits', ...credits };
  } catch (error) {
    options.logger.error({ err: error, userId }, 'reading credits failed');
    return { kind: 'credits', credits_remaining: 0, credits_total: 0 };
  }
}

async function payWithCredits(options: PaymentOptions, user: SessionUser): Promise<Payment> {
  const { count } = options;
  if (!(await deductCredit({ ...options, userId: user.id, count }))) {
    const allowance = await creditsAllowance(options, user.id);
    if (count > 1 && allowance.kind === 'credits' && allowance.credits_remaining > 0)
      throw new AppError('NOT_ENOUGH_CREDITS', {
        params: { count, left: counted(allowance.credits_remaining, 'credit') },
        // What the run needs beside what is left: the page words the shortfall for what was asked.
        details: { ...allowance, needed: count },
      });
    throw new AppError('NO_CREDITS', { details: allowance });
  }
  const allowance = await creditsAllowance(options, user.id);
  return { userId: user.id, visitorKey: null, trialKeys: null, allowance };
}

/** "1 credit", "3 credits". */
const counted = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

async function payWithTrial(options: PaymentOptions, subject: TrialSubject): Promise<Payment> {
  const { db, count, trialLimits, signupCredits } = options;
  try {
    const { keys, status } = await reserveTrialRuns({
      db,
      subject,
      limits: trialLimits,
      signupCredits,
      count,
    });
    const allowance: Allowance = { kind: 'trial', ...status };
    return { userId: null, visitorKey: visitorKeyOf(subject), trialKeys: keys, allowance };
  } catch (error) {
    const details = error instanceof AppError ? (error.details as { remaining?: number }) : null;
    const remaining = details?.remaining ?? 0;
    if (count > 1 && remaining > 0)
      throw new AppError('TRIAL_BATCH_TOO_LARGE', {
        params: {
          count,
          left: counted(remaining, 'free extraction'),
          credits: signupCredits,
          apiKeyHint: apiKeyHintFor(subject),
        },
        details,
      });
    throw error;
  }
}

/**
 * Pays for `count` runs before any work: credits for a user, free runs for a visitor (a batch
 * may hold at most what is left). Refuses with NO_CREDITS, NOT_ENOUGH_CREDITS,
 * TRIAL_LIMIT_REACHED or TRIAL_BATCH_TOO_LARGE.
 */
export function reserveRuns(options: PaymentOptions): Promise<Payment> {
  const { caller } = options;
  return caller.kind === 'user'
    ? payWithCredits(options, caller.user)
    : payWithTrial(options, caller.subject);
}

/**
 * For a job no request made (an inbox's, a schedule's): pays for as many of `count` documents as
 * the owner's credits allow, the first ones; the others wait for credits. Answers how many were
 * paid for; refusals other than a shortfall of credits are thrown as by reserveRuns.
 */
export async function payWhatCreditsAllow(
  options: PaymentOptions & { caller: { kind: 'user'; user: SessionUser } },
): Promise<{ payment: Payment; paid: number }> {
  let count = options.count;
  for (;;) {
    try {
      return { payment: await reserveRuns({ ...options, count }), paid: count };
    } catch (error) {
      if (!(error instanceof AppError) || !SHORT_OF_CREDITS.includes(error.code)) throw error;
      const left = (error.details as { credits_remaining?: number } | undefined)?.credits_remaining;
      // Fewer than asked, and fewer again if another run took some meanwhile.
      count = Math.min(count - 1, left ?? 0);
      if (count > 0) continue;
      const allowance = await creditsAllowance(options, options.caller.user.id);
      const payment = {
        userId: options.caller.user.id,
        visitorKey: null,
        trialKeys: null,
        allowance,
      };
      return { payment, paid: 0 };
    }
  }
}

/** Gives one run back to whoever paid for it (a document that did not end with a 200). */
export async function refundRun(
  db: Kysely<Database>,
  payer: { user_id: string | null; trial_keys: string | null },
): Promise<void> {
  if (payer.user_id) await refundCredit({ db, userId: payer.user_id });
  else if (payer.trial_keys)
    await releaseTrialRun({ db, keys: JSON.parse(payer.trial_keys) as string[] });
}
