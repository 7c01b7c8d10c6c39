import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { TrialStatus } from '../../../../shared/account';
import type { ColumnDefinition } from '../../../../shared/columns';
import { PLAN } from '../../../../shared/site';
import { ApiError } from '../../../lib/api-client';
import { useAuth } from '../../../lib/session';
import { queryKeys } from '../../../lib/query-keys';
import type { JobAccepted } from '../../../../shared/jobs';
import type * as JobRequests from '../api/create-job';
import type { BatchInput, RerunInput } from '../api/create-job';

type JobApi = typeof JobRequests;
import type { ExtractionInput } from '../api/run-extraction';
import { useExtractionRun, type RunOutcome } from './use-extraction-run';
import { useTrialAllowance } from './use-trial-allowance';

export type ConverterModal = 'trial-limit' | 'no-credits' | null;

/** How asking for a batch went: the job to follow, a refusal (a modal shows), or the message. */
export type BatchStart =
  { kind: 'started'; jobId: string } | { kind: 'refused' } | { kind: 'failed'; message: string };

function trialStatusOf(error: ApiError): TrialStatus {
  const details = error.details as Partial<TrialStatus> | undefined;
  return {
    remaining: 0,
    limit: typeof details?.limit === 'number' ? details.limit : PLAN.anonymousFreeExtractions,
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

  const settle = useCallback(
    (outcome: RunOutcome) => {
      if (outcome.kind === 'cancelled') return;
      if (isSignedIn) void queryClient.invalidateQueries({ queryKey: queryKeys.account });
      if (outcome.kind === 'done' && outcome.result.allowance.kind === 'trial')
        record(outcome.result.allowance);
      if (outcome.kind !== 'refused') return;
      if (outcome.error.code === 'TRIAL_LIMIT_REACHED') {
        record(trialStatusOf(outcome.error));
        setModal('trial-limit');
      } else setModal('no-credits');
    },
    [isSignedIn, queryClient, record],
  );

  const { hasRunsLeft } = trial;
  const { start } = run;
  const submit = useCallback(
    async (input: ExtractionInput & { columns: ColumnDefinition[] }) => {
      if (!(await hasRunsLeft())) {
        setModal('trial-limit');
        return;
      }
      settle(await start(input));
    },
    [hasRunsLeft, settle, start],
  );

  const { reset } = run;
  /**
   * Several files as one job (POST /api/jobs, loaded only when needed). The server pays for every
   * document first; a visitor's free runs and a user's credits are updated from its answer.
   */
  const startJob = useCallback(
    async (send: (api: JobApi) => Promise<JobAccepted>): Promise<BatchStart> => {
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
        if (error.code === 'TRIAL_LIMIT_REACHED') {
          record(trialStatusOf(error));
          setModal('trial-limit');
          return { kind: 'refused' };
        }
        if (error.code === 'NO_CREDITS') {
          setModal('no-credits');
          return { kind: 'refused' };
        }
        return { kind: 'failed', message: error.message };
      }
    },
    [hasRunsLeft, isSignedIn, queryClient, record, reset],
  );
  const submitBatch = useCallback(
    (input: BatchInput) => startJob((jobs) => jobs.createJob(input)),
    [startJob],
  );
  /** A finished job again with other columns, without reading its documents again. */
  const submitRerun = useCallback(
    (jobId: string, input: RerunInput) => startJob((jobs) => jobs.rerunJob(jobId, input)),
    [startJob],
  );

  return {
    state: run.state,
    cancel: run.cancel,
    reset: run.reset,
    submit,
    submitBatch,
    submitRerun,
    trial: trial.status,
    modal,
    setModal,
  };
}
