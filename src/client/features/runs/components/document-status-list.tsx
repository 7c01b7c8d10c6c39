import { CircleAlert, CircleCheck, CircleDashed, CircleSlash, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import type { JobDocument } from '../../../../shared/jobs';
import { Button } from '../../../components/ui/button';
import { useFocusIfLost } from '../../../lib/use-focus-if-lost';
import { cn } from '../../../lib/utils';
import { useIsScrollable } from '../../../lib/use-is-scrollable';
import { documentStatusText } from '../utils/batch-view';

const isNotStarted = (document: JobDocument) =>
  document.status === 'queued' || document.status === 'waiting_for_credits';

function StatusIcon({ status }: { status: JobDocument['status'] }) {
  const className = 'mt-0.5 size-4 shrink-0';
  switch (status) {
    case 'waiting_for_credits':
      return (
        <CircleDashed
          aria-hidden="true"
          className={cn(className, 'text-amber-600 dark:text-amber-400')}
        />
      );
    case 'queued':
      return <CircleDashed aria-hidden="true" className={cn(className, 'text-muted-foreground')} />;
    case 'reading':
    case 'extracting':
      return (
        <LoaderCircle
          aria-hidden="true"
          className={cn(className, 'text-primary motion-safe:animate-spin')}
        />
      );
    case 'succeeded':
      return (
        <CircleCheck
          aria-hidden="true"
          className={cn(className, 'text-emerald-600 dark:text-emerald-400')}
        />
      );
    case 'partial':
      return (
        <CircleAlert
          aria-hidden="true"
          className={cn(className, 'text-amber-600 dark:text-amber-400')}
        />
      );
    case 'failed':
      return <CircleAlert aria-hidden="true" className={cn(className, 'text-destructive')} />;
    case 'cancelled':
      return <CircleSlash aria-hidden="true" className={cn(className, 'text-muted-foreground')} />;
  }
}

/**
 * One line per document of a batch: its name and, in words, how far it is; one that gave no rows
 * says whether its text is in the table. A long list scrolls in its own box.
 */
export function DocumentStatusList({
  documents,
  isFallbackShown = false,
  onCancel,
  onTryAgain,
}: {
  documents: JobDocument[];
  isFallbackShown?: boolean;
  /** Cancels one document that has not started; its button shows while the job runs. */
  onCancel?: (documentId: string) => Promise<void>;
  /** Tries a failed document again from what was read from it; its button shows once the job has ended. */
  onTryAgain?: (documentId: string) => Promise<void>;
}) {
  const [listRef, isScrollable] = useIsScrollable<HTMLUListElement>();
  const [error, setError] = useState<string | null>(null);
  const focusIfLost = useFocusIfLost();
  const [tryingId, setTryingId] = useState<string | null>(null);
  const cancel = (document: JobDocument) => {
    if (!onCancel) return;
    setError(null);
    onCancel(document.id)
      .catch((failure: unknown) => setError((failure as Error).message))
      // Its button goes with it: the keyboard stays in the list. The job's news may have taken
      // the button away before this answer came, so there may be no render left to wait for.
      .finally(() => {
        focusIfLost(listRef);
        requestAnimationFrame(() => {
          if (window.document.activeElement === window.document.body) listRef.current?.focus();
        });
      });
  };
  const tryAgain = (document: JobDocument) => {
    if (!onTryAgain) return;
    setError(null);
    setTryingId(document.id);
    onTryAgain(document.id)
      .catch((failure: unknown) => setError((failure as Error).message))
      .finally(() => setTryingId(null));
  };
  return (
    // Nothing in it takes the focus: when it scrolls, it takes it itself, for the arrow keys.
    <>
      <ul
        ref={listRef}
        aria-label="Documents"
        tabIndex={isScrollable ? 0 : -1}
        className="grid max-h-80 gap-1 overflow-y-auto text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {documents.map((document) => (
          <li
            key={document.id}
            className="flex flex-col gap-x-3 gap-y-0.5 rounded-md border bg-card px-3 py-2 sm:flex-row sm:items-start"
          >
            <span className="flex min-w-0 flex-1 items-start gap-2">
              <StatusIcon status={document.status} />
              <span className="min-w-0 font-medium break-all">{document.name}</span>
            </span>
            <span
              className={cn(
                'min-w-0 break-words pl-6 sm:pl-0 sm:text-right',
                document.status === 'failed' ? 'text-destructive' : 'text-muted-foreground',
              )}
            >
              {documentStatusText(document, isFallbackShown)}
            </span>
            {onCancel && isNotStarted(document) ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="ml-6 self-start sm:ml-0"
                aria-label={`Cancel ${document.name}`}
                onClick={() => cancel(document)}
              >
                Cancel
              </Button>
            ) : null}
            {onTryAgain && document.can_run_again ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                className="ml-6 self-start sm:ml-0"
                aria-label={`Try ${document.name} again`}
                disabled={tryingId !== null}
                onClick={() => tryAgain(document)}
              >
                Try again
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
