import { useCallback, useEffect, useRef, useState } from 'react';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { ExtractionResponse } from '../../../../shared/extraction';
import { ApiError, networkError } from '../../../lib/api-client';
import type { ExtractionInput } from '../../../lib/extraction-input';
import { isPdfFile } from '../../../lib/accepted-files';
import { applyProgress, INITIAL_PROGRESS, type RunProgress } from '../utils/run-progress';
import type { RunSession } from '../utils/run-session';

export type RunState =
  | { phase: 'idle' }
  | {
      phase: 'running';
      columns: ColumnDefinition[];
      fields: ColumnDefinition[];
      isPdf: boolean;
      progress: RunProgress;
    }
  | { phase: 'done'; result: ExtractionResponse }
  | { phase: 'failed'; message: string }
  | { phase: 'cancelled' };

export type RunOutcome =
  | { kind: 'done'; result: ExtractionResponse }
  /** Refused before any work: no credits, or the free trial is used up. */
  | { kind: 'refused'; error: ApiError }
  | { kind: 'failed'; error: ApiError }
  | { kind: 'cancelled' }
  /** The page went away: the run goes on on the server, and its job shows when the page is back. */
  | { kind: 'left' }
  /** The stream broke (the connection, or the page unloading): the run goes on as this job. */
  | { kind: 'detached'; jobId: string };

/** A run as this page holds it: its session once loaded, and what was asked of it before. */
type Handle = { session: RunSession | null; isCancelled: boolean; isLeft: boolean };

// A run's request, stream reader and session load when a run starts, not with the page.
const loadRunSession = () =>
  import('../utils/run-session').then(
    (module) => module.startRunSession,
    () => {
      throw networkError();
    },
  );

function leave(handle: Handle | null) {
  if (!handle) return;
  handle.isLeft = true;
  handle.session?.leave();
}

/**
 * One extraction at a time, streamed: progress and rows as they arrive, then the result. The run
 * is a job on the server: leaving the page lets it go on (this tab remembers it, so the page
 * shows it when it comes back), and only Cancel cancels it.
 */
export function useExtractionRun() {
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const handleRef = useRef<Handle | null>(null);

  useEffect(() => () => leave(handleRef.current), []);

  const start = useCallback(
    async (
      input: ExtractionInput & { columns: ColumnDefinition[]; fields?: ColumnDefinition[] },
    ): Promise<RunOutcome> => {
      const handle: Handle = { session: null, isCancelled: false, isLeft: false };
      handleRef.current = handle;
      const isCurrent = () => handleRef.current === handle && !handle.isCancelled && !handle.isLeft;
      const isPdf = input.content.kind === 'file' && isPdfFile(input.content.file);
      setState({
        phase: 'running',
        columns: input.columns,
        fields: input.fields ?? [],
        isPdf,
        progress: INITIAL_PROGRESS,
      });
      let outcome: RunOutcome;
      try {
        const startRunSession = await loadRunSession();
        handle.session = startRunSession(input, (event) => {
          if (!isCurrent()) return;
          setState((current) =>
            current.phase === 'running'
              ? { ...current, progress: applyProgress(current.progress, event) }
              : current,
          );
        });
        // Cancel or leaving asked for while the session loaded.
        if (handle.isCancelled) handle.session.cancel();
        else if (handle.isLeft) handle.session.leave();
        outcome = await handle.session.outcome;
      } catch (error) {
        outcome = { kind: 'failed', error: error instanceof ApiError ? error : networkError() };
      }
      if (isCurrent()) setState(stateAfter(outcome));
      return outcome;
    },
    [],
  );

  /** The person's Cancel: shown at once; the job is cancelled as soon as it is named. */
  const cancel = useCallback(() => {
    const handle = handleRef.current;
    if (!handle || handle.isCancelled) return;
    handle.isCancelled = true;
    handle.session?.cancel();
    setState({ phase: 'cancelled' });
  }, []);

  /** Back to no run shown. A run still going (none can be while Run is disabled) goes on. */
  const reset = useCallback(() => {
    leave(handleRef.current);
    handleRef.current = null;
    setState({ phase: 'idle' });
  }, []);

  /** A failed run's message goes once the content it was about has changed. */
  const dismissFailure = useCallback(() => {
    setState((current) => (current.phase === 'failed' ? { phase: 'idle' } : current));
  }, []);

  return { state, start, cancel, reset, dismissFailure };
}

function stateAfter(outcome: RunOutcome): RunState {
  switch (outcome.kind) {
    case 'done':
      return { phase: 'done', result: outcome.result };
    case 'failed':
      return { phase: 'failed', message: outcome.error.message };
    case 'cancelled':
      return { phase: 'cancelled' };
    default:
      // Refused (a modal says why), left, or followed as its job.
      return { phase: 'idle' };
  }
}
