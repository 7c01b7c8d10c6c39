import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

/** A turning circle; decorative, so say what is happening in text beside it. */
export function Spinner({ className }: { className?: string }) {
  return (
    <LoaderCircle
      className={cn('size-5 animate-spin motion-reduce:animate-none', className)}
      aria-hidden="true"
    />
  );
}
