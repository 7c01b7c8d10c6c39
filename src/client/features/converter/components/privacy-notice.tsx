import { Link } from 'react-router';

/**
 * SPEC.md section 2: the converter warns against confidential data and personal information.
 * One quiet line with the link, read in passing: no box or warning sign above every run. The link
 * opens the privacy page in a new tab, beside the converter rather than instead of it.
 */
export function PrivacyNotice() {
  return (
    <p className="text-sm text-muted-foreground">
      Please don&apos;t upload confidential data or personal information.{' '}
      <Link
        to="/privacy"
        target="_blank"
        rel="noopener"
        className="underline underline-offset-4 hover:text-foreground"
      >
        What we keep<span aria-hidden="true"> ↗</span>
        <span className="sr-only"> (opens in a new tab)</span>
      </Link>
    </p>
  );
}
