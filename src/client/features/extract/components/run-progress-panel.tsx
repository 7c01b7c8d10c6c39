import { useEffect } from 'react';
import { Progress } from '../../../components/ui/progress';
import { progressCounts, type RunProgress } from '../utils/run-progress';
import { waitingMessages } from '../utils/waiting-messages';
import { RotatingMessage } from './rotating-message';

/** Under the stage while a run streams: the waiting message, pages and parts done. */
export function RunProgressDetails({
  isPdf,
  progress,
  onShown,
}: {
  isPdf: boolean;
  progress: RunProgress;
  /** Called once it is on screen (it loads after the run starts), and when it grows. */
  onShown?: () => void;
}) {
  const counts = progressCounts(progress);
  const hasCounts = Boolean(counts.page || counts.parts);
  const hasBar = progress.chunkCount > 1;
  useEffect(() => onShown?.(), [onShown, hasCounts, hasBar]);
  return (
    <div className="grid gap-2">
      <RotatingMessage messages={waitingMessages(isPdf)} />
      {hasCounts ? (
        <p className="text-sm">{[counts.page, counts.parts].filter(Boolean).join(' · ')}</p>
      ) : null}
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
