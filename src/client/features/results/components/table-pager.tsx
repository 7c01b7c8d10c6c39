import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '../../../components/ui/select';
import { PAGE_SIZES, pageCount, pageStatus } from '../utils/paginate';

type TablePagerProps = {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
};

const DISABLED = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

/** What the page shows, the rows-per-page choice, and Previous and Next. */
export function TablePager({ page, pageSize, total, onPage, onPageSize }: TablePagerProps) {
  const selectId = useId();
  const pages = pageCount(total, pageSize);
  const isFirst = page <= 1;
  const isLast = page >= pages;
  // aria-disabled rather than disabled, so focus stays on a button that reaches the end.
  const go = (target: number, isBlocked: boolean) => () => {
    if (!isBlocked) onPage(target);
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p aria-live="polite">{pageStatus(page, pageSize, total)}</p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex items-center gap-2">
          <Label htmlFor={selectId}>Rows per page</Label>
          <Select value={String(pageSize)} onValueChange={(size) => onPageSize(Number(size))}>
            <SelectTrigger id={selectId} className="h-8 w-20">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PAGE_SIZES.map((size) => (
                <SelectItem key={size} value={String(size)}>
                  {size}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="outline"
            size="sm"
            aria-disabled={isFirst}
            onClick={go(page - 1, isFirst)}
            className={DISABLED}
          >
            <ChevronLeft aria-hidden="true" />
            Previous
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-disabled={isLast}
            onClick={go(page + 1, isLast)}
            className={DISABLED}
          >
            Next
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </div>
  );
}
