import { FileText, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { ERROR_CATALOGUE } from '../../../../shared/errors';
import { Button } from '../../../components/ui/button';
import { useJobLimits } from '../api/job-limits';
import { useIsScrollable } from '../../../lib/use-is-scrollable';
import { formatFileSize } from '../../../lib/accepted-files';

type SelectedFilesListProps = {
  files: File[];
  disabled: boolean;
  onRemove: (index: number) => void;
  onClear: () => void;
};

/**
 * Several chosen files: a batch. Each can be removed (focus goes to the Remove button now in its
 * place, or the one before); the server's limit is shown when over.
 */
export function SelectedFilesList({ files, disabled, onRemove, onClear }: SelectedFilesListProps) {
  const [listRef, isScrollable] = useIsScrollable<HTMLUListElement>();
  const removedAt = useRef<number | null>(null);
  useEffect(() => {
    const at = removedAt.current;
    removedAt.current = null;
    const buttons = listRef.current?.querySelectorAll('button');
    if (at !== null && buttons?.length) buttons[Math.min(at, buttons.length - 1)]?.focus();
  }, [files, listRef]);
  const limits = useJobLimits({ enabled: true });
  const max = limits.data?.max_documents;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  const isOver = max !== undefined && files.length > max;
  return (
    <div
      role="group"
      aria-label="Selected files"
      className="grid gap-3 rounded-md border bg-muted/50 p-3 text-sm"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <span className="font-medium">{files.length} files</span>
          <span className="text-muted-foreground"> · {formatFileSize(total)} · one table</span>
        </p>
        <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={onClear}>
          <X aria-hidden="true" />
          Clear Files
        </Button>
      </div>
      {isOver ? (
        <p role="alert" className="text-destructive">
          {ERROR_CATALOGUE.BATCH_TOO_LARGE.message.replace('{max}', String(max))} Remove{' '}
          {files.length - max} of them.
        </p>
      ) : null}
      {/* While a run has its Remove buttons disabled, a long list takes the focus itself. */}
      <ul
        ref={listRef}
        aria-label="Files to convert"
        tabIndex={isScrollable && disabled ? 0 : undefined}
        className="grid max-h-64 gap-1 overflow-y-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {files.map((file, index) => (
          <li
            key={`${file.name}-${file.size}-${file.lastModified}`}
            className="flex items-center gap-2 rounded-sm bg-background px-2 py-1"
          >
            <FileText aria-hidden="true" className="size-4 shrink-0 text-primary" />
            <span className="min-w-0 flex-1 break-all">{file.name}</span>
            <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8 shrink-0"
              disabled={disabled}
              aria-label={`Remove ${file.name}`}
              onClick={() => {
                removedAt.current = index;
                onRemove(index);
              }}
            >
              <X aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
