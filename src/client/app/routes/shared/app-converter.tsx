import { lazy, Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner';
import { Converter } from '../../converter/converter';

// The form loads when the no-credits dialog asks for it, not with the converter.
const RequestCreditsForm = lazy(() =>
  import('../../../features/credits/components/request-credits-form').then((m) => ({
    default: m.RequestCreditsForm,
  })),
);

/**
 * The converter as the pages show it, composed with the features it leads to: the no-credits
 * dialog's "Request credits" shows the credits feature's form.
 */
export function AppConverter() {
  return (
    <Converter
      requestCredits={
        <Suspense fallback={<Spinner className="size-5" />}>
          <RequestCreditsForm autoFocus />
        </Suspense>
      }
    />
  );
}
