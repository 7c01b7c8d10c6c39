import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';

/**
 * Why a form was refused, shown under it (and read out when it appears), so the reason stays in
 * view after the toast has gone.
 */
export function FormError({
  id,
  message,
  children,
}: {
  id: string;
  message: string | null;
  /** A way on, after the message (a link, say). */
  children?: ReactNode;
}) {
  if (!message) return null;
  // An alert added to the page is read out at once.
  return (
    <Alert id={id} role="alert" variant="error">
      <CircleAlert aria-hidden="true" className="text-destructive" />
      <div className="grid gap-1">
        <p>{message}</p>
        {children}
      </div>
    </Alert>
  );
}
