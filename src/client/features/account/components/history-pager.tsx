import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { pageSummary } from '../usage-format';

/** "Showing 1–20 of N runs" with Previous and Next. */
export function HistoryPager({
  offset,
  shown,
  total,
  pageSize,
  onPage,
  isLoading,
}: {
  offset: number;
  shown: number;
  total: number;
  pageSize: number;
  onPage: (offset: number) => void;
  isLoading: boolean;
}) {
  const hasPrevious = offset > 0;
  const hasNext = offset + shown < total;
  return (
    <nav
      aria-label="History pages"
      className="mt-4 flex flex-wrap items-center justify-between gap-3"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {pageSummary(offset, shown, total)}
      </p>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={!hasPrevious || isLoading}
          onClick={() => onPage(Math.max(0, offset - pageSize))}
        >
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={!hasNext || isLoading}
          onClick={() => onPage(offset + pageSize)}
        >
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
