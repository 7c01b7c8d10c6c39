import { CircleCheck, CircleX } from 'lucide-react';
import { cn } from '../../../lib/utils';

/** Success or Failed, in words as well as colour. */
export function StatusBadge({ isSuccess }: { isSuccess: boolean }) {
  const Icon = isSuccess ? CircleCheck : CircleX;
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        isSuccess
          ? 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100'
          : 'border-destructive/40 bg-destructive/10 text-foreground',
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {isSuccess ? 'Success' : 'Failed'}
    </span>
  );
}
