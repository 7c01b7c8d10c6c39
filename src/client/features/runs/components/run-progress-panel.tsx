import { useEffect, useState } from 'react';
import { Progress } from '../../../components/ui/progress';
import { progressLines } from '../utils/progress-lines';
import type { RunProgress } from '../utils/run-progress';
import { waitingMessages } from '../utils/waiting-messages';
import { RotatingMessage } from './rotating-message';

/** The time now, again every second while mounted; counted from `since` or from the mount. */
function useNow(since?: number): { startedAt: number; now: number } {
  const [startedAt] = useState(() => since ?? Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return { startedAt, now };
}

/**
 * Under the stage while a run streams: the waiting message (or the wait for the model provider),
 * pages, parts and rows done, the time taken and an estimate of the time left.
 */
export function RunProgressDetails({
  isPdf,
  progress,
  startedAt,
  onShown,
}: {
  isPdf: boolean;
  progress: RunProgress;
  /** When the run started (epoch ms), for a run followed after a reload; else when shown. */
  startedAt?: number;
  /** Called once it is on screen (it loads after the run starts), and when it grows. */
  onShown?: () => void;
}) {
  const lines = progressLines(progress, useNow(startedAt));
  const hasCounts = Boolean(lines.counts);
  const hasBar = progress.chunkCount > 1;
  useEffect(() => onShown?.(), [onShown, hasCounts, hasBar]);
  return (
    <div className="grid gap-2">
      {lines.waiting ? (
        <p className="text-sm font-medium" role="status">
          {lines.waiting}
        </p>
      ) : (
        <RotatingMessage messages={waitingMessages(isPdf)} />
      )}
      {lines.counts ? <p className="text-sm">{lines.counts}</p> : null}
      <p className="text-sm text-muted-foreground">{lines.time}</p>
      {hasBar ? (
        <Progress
          value={progress.chunksFinished}
          max={progress.chunkCount}
          aria-label="Parts of the content done"
          className="max-w-md"
        />
      ) : null}
    </div>
  );
}
