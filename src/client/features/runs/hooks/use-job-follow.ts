import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { cancelJob, cancelJobDocument, fetchJob, readJobEvents } from '../api/job-events';
import { applyJobEvent, batchViewOf, isJobFinished, type BatchView } from '../utils/batch-view';

export type JobFollow = {
  view: BatchView | null;
  /** Why the job cannot be shown (not found, not yours), or null. */
  error: string | null;
  /** While the event stream is down and being reconnected: why, in words; else null. */
  reconnecting: string | null;
  cancel: () => Promise<void>;
  /** Cancels one document that has not started (queued, or waiting for credits). */
  cancelDocument: (documentId: string) => Promise<void>;
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
  onReconnecting: (reason: string | null) => void;
};

const CONNECTION_LOST = 'The connection was lost; reconnecting. The batch goes on on our server.';
const SLOWED =
  'Our server asked for a pause between requests; reconnecting in a moment. The batch goes on on our server.';

/** A refusal that passes (429: too many requests or streams): tried again, saying why. */
const isPassing = (error: ApiError) => error.status === 429;

function reconnectReason(error: unknown): string {
  if (!(error instanceof ApiError) || !isPassing(error)) return CONNECTION_LOST;
  return error.code === 'RATE_LIMITED' ? SLOWED : `${error.message} Trying again meanwhile.`;
}

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
    let reason = CONNECTION_LOST;
    try {
      const isEnded = await readJobEvents(jobId, {
        after,
        signal,
        onEvent: (id, event) => {
          after = id;
          failures = 0;
          listeners.onReconnecting(null);
          view = applyJobEvent(view, event);
          listeners.onView(view);
        },
      });
      if (isEnded) return;
    } catch (error) {
      if (signal.aborted) return;
      const isRefused = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (isRefused && !isPassing(error)) {
        listeners.onError(error.message);
        return;
      }
      reason = reconnectReason(error);
    }
    failures += 1;
    listeners.onReconnecting(reason);
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
  const [reconnecting, setReconnecting] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void follow(jobId, controller.signal, {
      onView: setView,
      onError: setError,
      onReconnecting: setReconnecting,
    });
    return () => controller.abort();
  }, [jobId]);

  const cancel = useCallback(async () => {
    await cancelJob(jobId);
  }, [jobId]);
  const cancelDocument = useCallback(
    async (documentId: string) => {
      await cancelJobDocument(jobId, documentId);
    },
    [jobId],
  );

  return { view, error, reconnecting, cancel, cancelDocument };
}
