import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import {
  REQUEST_CREDITS_PATH,
  shortfallWords,
  type CreditsShortfall,
} from '../utils/credits-shortfall';

/** A run refused for too few credits: what it needs, and the way to more credits. */
export function CreditsShortfallAlert({ shortfall }: { shortfall: CreditsShortfall }) {
  const { before, link, after } = shortfallWords(shortfall);
  return (
    <Alert variant="error" role="alert">
      <p className="min-w-0 break-words">
        {before}
        <Link
          to={REQUEST_CREDITS_PATH}
          className="font-medium underline underline-offset-4 hover:text-primary"
        >
          {link}
        </Link>
        {after}
      </p>
    </Alert>
  );
}
