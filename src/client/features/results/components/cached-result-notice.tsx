import { History, RefreshCw } from 'lucide-react';
import type { ExtractionResponse } from '../../../../shared/extraction';
import { Button } from '../../../components/ui/button';
import { formatDateTime } from '../../../lib/format-date';

type CachedResultNoticeProps = {
  fromCache: NonNullable<ExtractionResponse['fromCache']>;
  /** Runs the same input again, asking the model rather than giving the stored result. */
  onAskAgain?: () => void;
};

/**
 * Says that the table is the stored result of an earlier run of the same input (the model was
 * not asked), and offers to ask the model again.
 */
export function CachedResultNotice({ fromCache, onAskAgain }: CachedResultNoticeProps) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-md border border-border bg-muted/40 px-3 py-2 text-sm">
      <p className="flex min-w-0 flex-1 basis-64 items-start gap-2">
        <History aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          <span className="font-medium">From cache:</span> the same input, columns and instructions
          ran on {formatDateTime(fromCache.extractedAt)}, so that result is shown without asking the
          model again.
        </span>
      </p>
      {onAskAgain ? (
        <Button type="button" variant="outline" size="sm" onClick={onAskAgain}>
          <RefreshCw aria-hidden="true" />
          Ask the model again
        </Button>
      ) : null}
    </div>
  );
}
