import { CircleCheck, CircleSlash, CircleX, Clock, TriangleAlert } from 'lucide-react';
import { cn } from '../../../lib/utils';
import type { StatusTone, StatusWords } from '../job-format';

const TONES: Record<StatusTone, { icon: typeof CircleCheck; className: string }> = {
  success: {
    icon: CircleCheck,
    className:
      'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  },
  warning: {
    icon: TriangleAlert,
    className:
      'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50',
  },
  danger: { icon: CircleX, className: 'border-destructive/40 bg-destructive/10 text-foreground' },
  neutral: { icon: CircleSlash, className: 'border-border bg-muted text-foreground' },
  progress: {
    icon: Clock,
    className:
      'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-50',
  },
};

/** A status in words as well as colour: Complete, Partial, Failed… */
export function StatusBadge({ status }: { status: StatusWords }) {
  const { icon: Icon, className } = TONES[status.tone];
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {status.label}
    </span>
  );
}
