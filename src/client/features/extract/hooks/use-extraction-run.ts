import { useCallback, useEffect, useRef, useState } from 'react';
import type { ColumnDefinition } from '../../../../shared/columns';
import { INTERNAL_MESSAGE } from '../../../../shared/error-codes';
import type { ExtractionResponse } from '../../../../shared/extraction';
import { ApiError, networkError } from '../../../lib/api-client';
import type { ExtractionInput } from '../api/run-extraction';
import { isPdfFile } from '../utils/accepted-files';
import { applyProgress, INITIAL_PROGRESS, type RunProgress } from '../utils/run-progress';

export type RunState =
  | { phase: 'idle' }
  | { phase: 'running'; columns: ColumnDefinition[]; isPdf: boolean; progress: RunProgress }
  | { phase: 'done'; result: ExtractionResponse }
  | { phase: 'failed'; message: string }
  | { phase: 'cancelled' };

export type RunOutcome =
  | { kind: 'done'; result: ExtractionResponse }
  /** Refused before any work: no credits, or the free trial is used up. */
  | { kind: 'refused'; error: ApiError }
  | { kind: 'failed'; error: ApiError }
  | { kind: 'cancelled' };

// The request and its stream reader load when a run starts, not with the page.
const loadRunExtraction = () =>
  import('../api/run-extraction').then(
    (module) => module.runExtraction,
    () => {
      throw networkError();
    },
  );

const REFUSALS: readonly string[] = ['NO_CREDITS', 'TRIAL_LIMIT_REACHED'];

function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError({ code: 'INTERNAL', status: 0, message: INTERNAL_MESSAGE });
}

/**
 * One extraction at a time, streamed: progress and rows as they arrive, then the result. Cancel
 * (or leaving the page) aborts the request, which stops the run on the server.
 */
export function useExtractionRun() {
  const [state, setState] = useState<RunState>({ phase: 'idle' });
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const start = useCallback(
    async (input: ExtractionInput & { columns: ColumnDefinition[] }): Promise<RunOutcome> => {
      controllerRef.current?.abort();
      const controller = new AbortController();
      controllerRef.current = controller;
      const isCurrent = () => controllerRef.current === controller;
      const isPdf = input.content.kind === 'file' && isPdfFile(input.content.file);
      setState({ phase: 'running', columns: input.columns, isPdf, progress: INITIAL_PROGRESS });
      try {
        const runExtraction = await loadRunExtraction();
        const result = await runExtraction(input, {
          signal: controller.signal,
          onProgress: (event) => {
            if (!isCurrent()) return;
            setState((current) =>
              current.phase === 'running'
                ? { ...current, progress: applyProgress(current.progress, event) }
                : current,
            );
          },
        });
        if (isCurrent()) setState({ phase: 'done', result });
        return { kind: 'done', result };
      } catch (error) {
        if (controller.signal.aborted) {
          if (isCurrent()) setState({ phase: 'cancelled' });
          return { kind: 'cancelled' };
        }
        const apiError = asApiError(error);
        const isRefusal = REFUSALS.includes(apiError.code);
        if (isCurrent())
          setState(isRefusal ? { phase: 'idle' } : { phase: 'failed', message: apiError.message });
        return isRefusal
          ? { kind: 'refused', error: apiError }
          : { kind: 'failed', error: apiError };
      }
    },
    [],
  );

  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  const reset = useCallback(() => {
    controllerRef.current?.abort();
    controllerRef.current = null;
    setState({ phase: 'idle' });
  }, []);

  return { state, start, cancel, reset };
}
