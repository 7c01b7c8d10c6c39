import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/**
 * A progress bar (WAI-ARIA progressbar); give it an accessible name with `aria-label` or
 * `aria-labelledby`, and `aria-valuetext` when a percentage says less than words would.
 */
export function Progress({
  className,
  value,
  max = 100,
  ...props
}: ComponentProps<'div'> & { value: number; max?: number }) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={`${Math.round(percent)}%`}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}
