import { Progress } from '../../../components/ui/progress';
import { progressCounts, type RunProgress } from '../utils/run-progress';
import { waitingMessages } from '../utils/waiting-messages';
import { RotatingMessage } from './rotating-message';

/** Under the stage while a run streams: the waiting message, pages and parts done. */
export function RunProgressDetails({ isPdf, progress }: { isPdf: boolean; progress: RunProgress }) {
  const counts = progressCounts(progress);
  return (
    <div className="grid gap-2">
      <RotatingMessage messages={waitingMessages(isPdf)} />
      {counts.page || counts.parts ? (
        <p className="text-sm">{[counts.page, counts.parts].filter(Boolean).join(' · ')}</p>
      ) : null}
      {progress.chunkCount > 1 ? (
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
