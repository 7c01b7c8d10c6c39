import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Allowance } from '../../../shared/account';
import { AppError } from '../../../shared/errors';
import type { ExtractionResponse, ExtractionResult } from '../../../shared/extraction';
import type { SessionUser } from '../../auth/session';
import type { Database } from '../../db/schema';
import type { Logger } from '../../logger';
import type { FileStorage } from '../../storage/file-storage';
import { deductCredit } from '../credits/deduct-credit';
import { getCredits } from '../credits/get-credits';
import { refundCredit } from '../credits/refund-credit';
import { getTrialStatus } from '../trial/get-trial-status';
import { releaseTrialRun, reserveTrialRun } from '../trial/reserve-trial-run';
import type { TrialLimits, TrialSubject } from '../trial/trial-counters';
import type { ParsedExtractionRequest } from './parse-extraction-request';
import { recordSignedInRun } from './record-signed-in-run';

export type Caller =
  { kind: 'user'; user: SessionUser } | { kind: 'anonymous'; subject: TrialSubject };

export type MeteredExtractionOptions = {
  caller: Caller;
  request: ParsedExtractionRequest;
  db: Kysely<Database>;
  storage: FileStorage;
  logger: Logger;
  signupCredits: number;
  trialLimits: TrialLimits;
};

export type MeteredRun = (run: () => Promise<ExtractionResult>) => Promise<ExtractionResponse>;

/**
 * Pays for one extraction: a credit (signed in) or a free run (anonymous) is reserved now, before
 * any work, or the call fails with NO_CREDITS / TRIAL_LIMIT_REACHED. The returned function does
 * the run; the reservation is kept only for a status 200 result. Signed-in runs are recorded in
 * usage_tracking and, when they produced rows, stored; those writes never fail the run.
 */
export async function reserveExtraction(options: MeteredExtractionOptions): Promise<MeteredRun> {
  await reserve(options);
  return (run) => completeRun(options, run);
}

async function completeRun(
  options: MeteredExtractionOptions,
  run: () => Promise<ExtractionResult>,
): Promise<ExtractionResponse> {
  const { caller } = options;
  const startedAt = performance.now();
  let result: ExtractionResult;
  try {
    result = await run();
  } catch (error) {
    await release(options);
    if (caller.kind === 'user')
      await recordSignedInRun({ ...options, user: caller.user, startedAt, error });
    throw error;
  }
  if (result.status !== 200) await release(options);

  if (caller.kind === 'anonymous') {
    const trial = await getTrialStatus({
      db: options.db,
      subject: caller.subject,
      limits: options.trialLimits,
    });
    return {
      ...result,
      extraction_id: null,
      stored: false,
      allowance: { kind: 'trial', ...trial },
    };
  }
  const extractionId = randomUUID();
  const { isStored } = await recordSignedInRun({
    ...options,
    user: caller.user,
    startedAt,
    result,
    extractionId,
  });
  return {
    ...result,
    extraction_id: extractionId,
    stored: isStored,
    allowance: await creditsAllowance(options, caller.user.id),
  };
}

async function reserve(options: MeteredExtractionOptions): Promise<void> {
  const { caller, db, logger, signupCredits } = options;
  if (caller.kind === 'anonymous') {
    await reserveTrialRun({
      db,
      subject: caller.subject,
      limits: options.trialLimits,
      signupCredits,
    });
    return;
  }
  const userId = caller.user.id;
  if (!(await deductCredit({ db, logger, userId, signupCredits })))
    throw new AppError('NO_CREDITS', {
      details: await creditsAllowance(options, userId),
    });
}

/** Gives the reservation back; a failure here is logged, never shown. */
async function release(options: MeteredExtractionOptions): Promise<void> {
  const { caller, db } = options;
  try {
    if (caller.kind === 'user') await refundCredit({ db, userId: caller.user.id });
    else await releaseTrialRun({ db, subject: caller.subject, limits: options.trialLimits });
  } catch (error) {
    options.logger.error({ err: error }, 'giving back a reserved run failed');
  }
}

async function creditsAllowance(
  options: MeteredExtractionOptions,
  userId: string,
): Promise<Allowance> {
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
