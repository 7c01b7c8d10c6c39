import type { ColumnDefinition } from '../../../../shared/columns';
import { INTERNAL_MESSAGE } from '../../../../shared/error-codes';
import type { ExtractionProgress } from '../../../../shared/extraction';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { cancelJob } from '../api/job-events';
import type { ExtractionInput } from '../../../lib/extraction-input';
import { runExtraction } from '../api/run-extraction';
import type { RunOutcome } from '../hooks/use-extraction-run';
import { forgetRunningJob, rememberRunningJob } from './running-job';

/**
 * One single run as the page follows it, loaded when a run starts (not with the page). The run
 * is a job on the server (docs/decisions/024-runs-outlive-their-page.md): Cancel cancels the job,
 * leaving the page only stops reading its stream, and the job is remembered for the tab so the
 * page can show it again.
 */
export type RunSession = {
  outcome: Promise<RunOutcome>;
  /** The person's Cancel: the job is cancelled as soon as it is named. */
  cancel: () => void;
  /** The page goes away, or shows something else: the run goes on. */
  leave: () => void;
};

const REFUSALS: readonly string[] = ['NO_CREDITS', 'TRIAL_LIMIT_REACHED'];

function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ code: 'INTERNAL', status: 0, message: INTERNAL_MESSAGE });
}

/**
 * Until the server has named the run's job (while a file uploads, say), closing or reloading the
 * page would lose sight of the run: the browser asks first. Once named, leaving loses nothing.
 */
function askBeforeLeaving(event: BeforeUnloadEvent) {
  event.preventDefault();
}

async function cancelOnServer(jobId: string) {
  try {
    await cancelJob(jobId);
  } catch (error) {
    toast.error('Error', {
      description: `The run could not be cancelled: ${(error as Error).message}`,
    });
  }
}

export function startRunSession(
  input: ExtractionInput & { columns: ColumnDefinition[] },
  onProgress: (event: ExtractionProgress) => void,
): RunSession {
  const controller = new AbortController();
  let jobId: string | null = null;
  let isCancelled = false;
  let isLeft = false;

  /** Acts on Cancel or leaving once the job is known; either way the stream is closed. */
  const settleJob = () => {
    if (!jobId || !(isCancelled || isLeft)) return;
    if (isCancelled) {
      forgetRunningJob(jobId);
      void cancelOnServer(jobId);
    }
    controller.abort();
  };

  const run = async (): Promise<RunOutcome> => {
    window.addEventListener('beforeunload', askBeforeLeaving);
    try {
      const result = await runExtraction(input, {
        signal: controller.signal,
        onJob: (id) => {
          window.removeEventListener('beforeunload', askBeforeLeaving);
          jobId = id;
          if (!isCancelled) rememberRunningJob(id);
          settleJob();
        },
        onProgress: (event) => {
          if (!isCancelled && !isLeft) onProgress(event);
        },
      });
      if (jobId) forgetRunningJob(jobId);
      return isCancelled ? { kind: 'cancelled' } : { kind: 'done', result };
    } catch (error) {
      if (isCancelled) return { kind: 'cancelled' };
      if (isLeft) return { kind: 'left' };
      const apiError = asApiError(error);
      // Only the stream is lost (the connection, the page unloading): the run goes on as its job.
      if (jobId && apiError.code === 'NETWORK') return { kind: 'detached', jobId };
      if (jobId) forgetRunningJob(jobId);
      return REFUSALS.includes(apiError.code)
        ? { kind: 'refused', error: apiError }
        : { kind: 'failed', error: apiError };
    } finally {
      window.removeEventListener('beforeunload', askBeforeLeaving);
    }
  };

  return {
    outcome: run(),
    cancel: () => {
      isCancelled = true;
      settleJob();
    },
    leave: () => {
      isLeft = true;
      settleJob();
    },
  };
}
