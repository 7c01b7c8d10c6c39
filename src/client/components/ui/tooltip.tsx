import { Tooltip as Primitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** SPEC.md section 9: tooltips open after 700 ms. */
export const TOOLTIP_DELAY_MS = 700;

/** A tooltip with its own provider, so that no provider (and no Radix) sits at the app's root. */
export function Tooltip(props: ComponentProps<typeof Primitive.Root>) {
  return (
    <Primitive.Provider delayDuration={TOOLTIP_DELAY_MS}>
      <Primitive.Root {...props} />
    </Primitive.Provider>
  );
}

export const TooltipTrigger = Primitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  ...props
}: ComponentProps<typeof Primitive.Content>) {
  return (
    <Primitive.Portal>
      <Primitive.Content
        sideOffset={sideOffset}
        className={cn(
          'z-50 rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md',
          className,
        )}
        {...props}
      />
    </Primitive.Portal>
  );
}
