import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { TrialStanding } from '../../../../shared/account';
import type { ColumnDefinition } from '../../../../shared/columns';
import { PLAN } from '../../../../shared/site';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/session';
import { queryKeys } from '../../../lib/query-keys';
import type { JobAccepted } from '../../../../shared/jobs';
import type * as JobRequests from '../api/create-job';
import type { BatchInput, RerunInput } from '../api/create-job';

type JobApi = typeof JobRequests;
import type { ExtractionInput } from '../../../lib/extraction-input';
import { creditsShortfallOf, type CreditsShortfall } from '../utils/credits-shortfall';
import { useExtractionRun, type RunOutcome } from './use-extraction-run';
import { useTrialAllowance, type TrialView } from './use-trial-allowance';

export type ConverterModal = 'trial-limit' | 'no-credits' | null;

/**
 * How asking for a batch went: the job to follow, a refusal (a modal shows), too few credits for
 * it, or the message.
 */
export type BatchStart =
  | { kind: 'started'; jobId: string }
  | { kind: 'refused' }
  | { kind: 'short'; shortfall: CreditsShortfall }
  | { kind: 'failed'; message: string };

/** The trial's standing in a refusal's details: none left, and whose ran out. */
function trialStatusOf(error: ApiError): TrialView {
  const details = error.details as Partial<TrialStanding> | undefined;
  return {
    remaining: 0,
    limit: typeof details?.limit === 'number' ? details.limit : PLAN.anonymousFreeExtractions,
    used_up_by: details?.used_up_by ?? null,
  };
}

/**
 * A run as the converter needs it: checked against the trial first, then streamed; afterwards
 * the trial banner, the account's credits and usage, and the modals follow what happened.
 */
export function useConverterRun() {
  const run = useExtractionRun();
  const trial = useTrialAllowance();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [modal, setModal] = useState<ConverterModal>(null);
  const isSignedIn = auth.status === 'signed-in';
  const { record } = trial;

  /** A refusal before any work (no free runs, no credits) opens its modal. */
  const refuse = useCallback(
    (error: ApiError) => {
      if (error.code !== 'TRIAL_LIMIT_REACHED') return setModal('no-credits');
      record(trialStatusOf(error));
      setModal('trial-limit');
    },
    [record],
  );

  const settle = useCallback(
    (outcome: RunOutcome) => {
      if (outcome.kind === 'cancelled' || outcome.kind === 'left' || outcome.kind === 'detached')
        return;
      if (isSignedIn) void queryClient.invalidateQueries({ queryKey: queryKeys.account });
      if (outcome.kind === 'done' && outcome.result.allowance.kind === 'trial')
        record(outcome.result.allowance);
      if (outcome.kind === 'refused') refuse(outcome.error);
    },
    [isSignedIn, queryClient, record, refuse],
  );

  const { hasRunsLeft } = trial;
  const { start } = run;
  /** A single run; answers how it went, or null when it was not sent (no free runs left). */
  const submit = useCallback(
    async (
      input: ExtractionInput & { columns: ColumnDefinition[]; fields?: ColumnDefinition[] },
    ): Promise<RunOutcome | null> => {
      if (!(await hasRunsLeft())) {
        setModal('trial-limit');
        return null;
      }
      const outcome = await start(input);
      settle(outcome);
      return outcome;
    },
    [hasRunsLeft, settle, start],
  );

  const { reset } = run;
  /**
   * Several files as one job (POST /api/jobs, loaded only when needed). The server pays for every
   * document first; a visitor's free runs and a user's credits are updated from its answer.
   */
  const startJob = useCallback(
    async (
      send: (api: JobApi) => Promise<JobAccepted>,
      { isRerun }: { isRerun: boolean },
    ): Promise<BatchStart> => {
      if (!(await hasRunsLeft())) {
        setModal('trial-limit');
        return { kind: 'refused' };
      }
      reset();
      try {
        const accepted = await send(await import('../api/create-job'));
        if (accepted.allowance.kind === 'trial') record(accepted.allowance);
        if (isSignedIn) void queryClient.invalidateQueries({ queryKey: queryKeys.account });
        return { kind: 'started', jobId: accepted.id };
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const shortfall = creditsShortfallOf(error, isRerun);
        if (shortfall) return { kind: 'short', shortfall };
        if (error.code !== 'TRIAL_LIMIT_REACHED' && error.code !== 'NO_CREDITS')
          return { kind: 'failed', message: error.message };
        refuse(error);
        return { kind: 'refused' };
      }
    },
    [hasRunsLeft, isSignedIn, queryClient, record, refuse, reset],
  );
  const submitBatch = useCallback(
    (input: BatchInput) => startJob((jobs) => jobs.createJob(input), { isRerun: false }),
    [startJob],
  );
  /** A finished job again with other columns, without reading its documents again. */
  const submitRerun = useCallback(
    (jobId: string, input: RerunInput) =>
      startJob((jobs) => jobs.rerunJob(jobId, input), { isRerun: true }),
    [startJob],
  );

  /** One failed document of a finished job, tried again alone. */
  const submitRetry = useCallback(
    (jobId: string, documentId: string) =>
      startJob((jobs) => jobs.retryDocument(jobId, documentId), { isRerun: true }),
    [startJob],
  );

  return {
    state: run.state,
    cancel: run.cancel,
    reset: run.reset,
    dismissFailure: run.dismissFailure,
    submit,
    submitBatch,
    submitRerun,
    submitRetry,
    trial: trial.status,
    modal,
    setModal,
  };
}
