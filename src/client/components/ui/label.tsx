import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A form label; pass `htmlFor` with the field's id. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return (
    <label className={cn('text-sm font-medium leading-none select-none', className)} {...props} />
  );
}
