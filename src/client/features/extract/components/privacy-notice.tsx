import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';

/**
 * SPEC.md section 2: the converter warns against confidential data and personal information. Its
 * link opens the privacy page in a new tab, beside the converter rather than instead of it.
 */
export function PrivacyNotice() {
  return (
    <Alert variant="warning">
      <ShieldAlert aria-hidden="true" />
      <p className="min-w-0">
        <span className="font-semibold">Privacy notice:</span> please don&apos;t upload confidential
        data or personal information, such as identity documents, medical records, passwords or
        other people&apos;s contact details.{' '}
        <Link
          to="/privacy"
          target="_blank"
          rel="noopener"
          className="font-medium underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
        >
          What we keep<span aria-hidden="true"> ↗</span>
          <span className="sr-only"> (opens in a new tab)</span>
        </Link>
      </p>
    </Alert>
  );
}
