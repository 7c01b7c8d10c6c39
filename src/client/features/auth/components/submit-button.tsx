import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';

/** A form's submit button that says what it is doing while the request runs. */
export function SubmitButton({
  isBusy,
  busyLabel,
  children,
}: {
  isBusy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={isBusy} aria-busy={isBusy}>
      {isBusy ? <Spinner className="size-4" /> : null}
      {isBusy ? busyLabel : children}
    </Button>
  );
}
