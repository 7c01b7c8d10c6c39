import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { cancelJob, fetchJob, readJobEvents } from '../api/job-events';
import { applyJobEvent, batchViewOf, isJobFinished, type BatchView } from '../utils/batch-view';

export type JobFollow = {
  view: BatchView | null;
  /** Why the job cannot be shown (not found, not yours), or null. */
  error: string | null;
  /** True while the event stream is down and being reconnected. */
  isReconnecting: boolean;
  cancel: () => Promise<void>;
};

const MAX_RETRY_MS = 10_000;

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = window.setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      window.clearTimeout(timer);
      resolve();
    });
  });
}

type Listeners = {
  onView: (view: BatchView) => void;
  onError: (message: string) => void;
  onReconnecting: (isReconnecting: boolean) => void;
};

/**
 * Follows a job until its end: the job first (GET /api/jobs/{id}), then its events from the
 * start, which replay every document's rows. A dropped stream is resumed from the last event
 * (Last-Event-ID), waiting longer each time; meanwhile the job is read again, so statuses stay
 * current even when the stream cannot be had.
 */
async function follow(jobId: string, signal: AbortSignal, listeners: Listeners): Promise<void> {
  let view: BatchView;
  try {
    view = batchViewOf(await fetchJob(jobId));
  } catch (error) {
    if (!signal.aborted) listeners.onError((error as Error).message);
    return;
  }
  listeners.onView(view);
  let after = 0;
  let failures = 0;
  while (!signal.aborted) {
    try {
      const isEnded = await readJobEvents(jobId, {
        after,
        signal,
        onEvent: (id, event) => {
          after = id;
          failures = 0;
          listeners.onReconnecting(false);
          view = applyJobEvent(view, event);
          listeners.onView(view);
        },
      });
      if (isEnded) return;
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        listeners.onError(error.message);
        return;
      }
    }
    failures += 1;
    listeners.onReconnecting(true);
    try {
      const job = await fetchJob(jobId);
      view = { ...view, job: isJobFinished(view.job) ? view.job : job };
      listeners.onView(view);
    } catch {
      // Still unreachable: the next try says more.
    }
    await wait(Math.min(1000 * 2 ** (failures - 1), MAX_RETRY_MS), signal);
  }
}

/** The job named by `jobId`, kept current while it runs (mount afresh, with a key, for another). */
export function useJobFollow(jobId: string): JobFollow {
  const [view, setView] = useState<BatchView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isReconnecting, setIsReconnecting] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    void follow(jobId, controller.signal, {
      onView: setView,
      onError: setError,
      onReconnecting: setIsReconnecting,
    });
    return () => controller.abort();
  }, [jobId]);

  const cancel = useCallback(async () => {
    await cancelJob(jobId);
  }, [jobId]);

  return { view, error, isReconnecting, cancel };
}
