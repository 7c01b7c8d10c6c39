import { lazy, Suspense, useState, type ReactNode } from 'react';
import { APP_PAGES } from '../../../../shared/page-routes';
import type { ConverterModal } from '../hooks/use-converter-run';
import type { TrialView } from '../hooks/use-trial-allowance';

// Each modal loads when it opens (this component loads with the first).
const TrialLimitDialog = lazy(() =>
  import('./trial-limit-dialog').then((m) => ({ default: m.TrialLimitDialog })),
);
const NoCreditsDialog = lazy(() =>
  import('./no-credits-dialog').then((m) => ({ default: m.NoCreditsDialog })),
);

/** The trial-limit and no-credits modals (SPEC.md section 2), whichever is open. */
export function ConverterModals({
  modal,
  onClose,
  trial,
  requestCredits,
  runButton,
}: {
  modal: ConverterModal;
  onClose: () => void;
  trial: TrialView | null;
  /** The form asking for more credits, composed in by the page. */
  requestCredits?: ReactNode;
  /** Where focus goes on closing when what had it is gone or disabled. */
  runButton: () => HTMLElement | null | undefined;
}) {
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  // The modals have no trigger of their own (Run, or the server's answer to it, opens them): on
  // closing, focus goes back to what had it, else to Run, never to the page's body.
  const [opener] = useState(() => document.activeElement);
  const returnFocus = (event: Event) => {
    event.preventDefault();
    const isThere =
      opener instanceof HTMLElement && opener.isConnected && !opener.matches(':disabled');
    (isThere ? opener : runButton())?.focus();
  };
  if (modal === 'trial-limit')
    return (
      <Suspense fallback={null}>
        <TrialLimitDialog
          open
          onOpenChange={onOpenChange}
          onCloseAutoFocus={returnFocus}
          isNetwork={trial?.used_up_by === 'network'}
          returnTo={APP_PAGES.extract}
        />
      </Suspense>
    );
  if (modal === 'no-credits')
    return (
      <Suspense fallback={null}>
        <NoCreditsDialog
          open
          onOpenChange={onOpenChange}
          onCloseAutoFocus={returnFocus}
          requestCredits={requestCredits}
        />
      </Suspense>
    );
  return null;
}
