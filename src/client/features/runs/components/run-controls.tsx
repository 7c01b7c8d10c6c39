import { Play, Square } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { RunState } from '../hooks/use-extraction-run';
import type { CreditsShortfall } from '../utils/credits-shortfall';
import { CreditsShortfallAlert } from './credits-shortfall-alert';
import { RunStatus } from './run-status';

// Only a running extraction shows its details: they load when it starts, with the request.
const RunProgressDetails = lazy(() =>
  import('./run-progress-panel').then((m) => ({ default: m.RunProgressDetails })),
);

/**
 * Brings Run, Cancel and the progress under them fully into view, scrolling no more than that:
 * pressed low on the screen, the progress would otherwise appear below it.
 */
function keepInView(box: HTMLElement | null) {
  if (!box) return;
  const isReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  box.scrollIntoView({ block: 'nearest', behavior: isReduced ? 'auto' : 'smooth' });
}

function isFocusLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/**
 * Run (the form's submit button; 'Processing...' and disabled while running), Cancel while
 * running, the stage and progress, and a failed or refused run's message. Focus follows the button that
 * can be pressed, since a disabled button drops it.
 */
export function RunControls({
  state,
  isStartingBatch = false,
  rerun = null,
  shortfall = null,
  onCancel,
}: {
  /** A run again is being set up: Run sends the columns for what was already read. */
  rerun?: { onStop: () => void } | null;
  state: RunState;
  /** Several files are being sent as a batch: Run waits for the server's answer. */
  isStartingBatch?: boolean;
  /** The last Run was refused for too few credits. */
  shortfall?: CreditsShortfall | null;
  onCancel: () => void;
}) {
  const isRunning = state.phase === 'running';
  const runRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const wasRunning = useRef(isRunning);
  const showProgress = useCallback(() => keepInView(boxRef.current), []);

  useEffect(() => {
    if (wasRunning.current === isRunning) return;
    wasRunning.current = isRunning;
    // The page stays where it is; focus moves without scrolling, and only as far as needed.
    if (isFocusLost() || document.activeElement === runRef.current)
      (isRunning ? cancelRef : runRef).current?.focus({ preventScroll: true });
    if (isRunning) showProgress();
  }, [isRunning, showProgress]);

  // Run was disabled while the server answered, which dropped focus: it comes back to Run, from
  // where the refusal's link to more credits is the next stop.
  useEffect(() => {
    if (shortfall && isFocusLost()) runRef.current?.focus({ preventScroll: true });
  }, [shortfall]);

  return (
    <div ref={boxRef} className="grid scroll-my-4 gap-3">
      {rerun ? (
        <Alert variant="info" role="status" className="flex-wrap items-center">
          <p className="min-w-0 flex-1">
            Running again on what was already read: change the columns above and press Run. It costs
            one run per document and reads nothing again.
          </p>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              // This notice goes: focus goes to Run, not to the page.
              runRef.current?.focus();
              rerun.onStop();
            }}
          >
            Back to a new run
          </Button>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button ref={runRef} type="submit" size="lg" disabled={isRunning || isStartingBatch}>
          {isRunning || isStartingBatch ? (
            <Spinner className="size-4" />
          ) : (
            <Play aria-hidden="true" />
          )}
          {isStartingBatch
            ? rerun
              ? 'Starting...'
              : 'Uploading...'
            : isRunning
              ? 'Processing...'
              : rerun
                ? 'Run again'
                : 'Run'}
        </Button>
        {isRunning ? (
          <Button ref={cancelRef} type="button" variant="outline" size="lg" onClick={onCancel}>
            <Square aria-hidden="true" />
            Cancel
          </Button>
        ) : null}
      </div>
      <RunStatus state={state} />
      {state.phase === 'running' ? (
        <Suspense fallback={null}>
          <RunProgressDetails
            isPdf={state.isPdf}
            progress={state.progress}
            onShown={showProgress}
          />
        </Suspense>
      ) : null}
      {shortfall ? <CreditsShortfallAlert shortfall={shortfall} /> : null}
      {state.phase === 'failed' ? (
        <Alert variant="error" role="alert">
          <p className="min-w-0 break-words">{state.message}</p>
        </Alert>
      ) : null}
    </div>
  );
}
