import { cn } from '../../../lib/utils';

/** A grey placeholder in the shape of what is loading; decorative. */
export function Skeleton({ className }: { className?: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted motion-reduce:animate-none', className)}
    />
  );
}

/** Placeholder lines with a status for screen readers. */
export function LoadingLines({ label, lines = 3 }: { label: string; lines?: number }) {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} className="h-10 w-full" />
      ))}
    </div>
  );
}
