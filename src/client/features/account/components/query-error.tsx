import { RotateCw, TriangleAlert } from 'lucide-react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';

/** A failed load: what failed, the reason, and a way to try again. */
export function QueryError({
  what,
  error,
  onRetry,
  isRetrying = false,
}: {
  what: string;
  error: Error;
  onRetry: () => void;
  isRetrying?: boolean;
}) {
  return (
    <Alert variant="error" role="alert" className="items-start">
      <TriangleAlert aria-hidden="true" />
      <div className="grid flex-1 gap-2">
        <p>
          <span className="font-medium">We couldn&apos;t load {what}.</span> {error.message}
        </p>
        <div>
          <Button variant="outline" size="sm" onClick={onRetry} disabled={isRetrying}>
            <RotateCw aria-hidden="true" className={isRetrying ? 'animate-spin' : undefined} />
            Try again
          </Button>
        </div>
      </div>
    </Alert>
  );
}
