import { Undo2 } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { ReplacedColumns } from '../utils/converter-form';

type ReplacedNoticeProps = {
  replaced: ReplacedColumns;
  disabled: boolean;
  onUndo: () => void;
};

/** After a template or Suggest Columns replaced the user's columns: what happened, and Undo. */
export function ReplacedNotice({ replaced, disabled, onUndo }: ReplacedNoticeProps) {
  const columns = replaced.count === 1 ? 'column was' : 'columns were';
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
      <span>
        Your {replaced.count} {columns} replaced{replaced.by ? ` by ${replaced.by}` : ''}.
      </span>
      <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={onUndo}>
        <Undo2 aria-hidden="true" />
        Undo
      </Button>
    </p>
  );
}
