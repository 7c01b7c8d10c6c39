import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';

/** SPEC.md section 2: the converter warns against confidential data and personal information. */
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
          className="font-medium underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-ring"
        >
          What we keep
        </Link>
      </p>
    </Alert>
  );
}
