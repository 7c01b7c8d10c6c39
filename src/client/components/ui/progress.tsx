import { Progress as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A progress bar; give it an accessible name with `aria-label` or `aria-labelledby`. */
export function Progress({
  className,
  value,
  max = 100,
  ...props
}: ComponentProps<typeof Primitive.Root> & { value: number }) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <Primitive.Root
      value={value}
      max={max}
      className={cn('relative h-2 w-full overflow-hidden rounded-full bg-muted', className)}
      {...props}
    >
      <Primitive.Indicator
        className="h-full bg-primary transition-[width]"
        style={{ width: `${percent}%` }}
      />
    </Primitive.Root>
  );
}
