import { TriangleAlert } from 'lucide-react';
import type { Check } from '../../../../../shared/records';
import { Alert } from '../../../../components/ui/alert';

/**
 * Above the fields and the table: each rule that failed on this document, in its own words (its
 * cells are flagged RULE_FAILED, so review reaches them).
 */
export function FailedChecks({ checks }: { checks: readonly Check[] }) {
  const failed = checks.filter((check) => !check.passed);
  if (failed.length === 0) return null;
  return (
    <Alert variant="warning" role="region" aria-label="Failed checks">
      <TriangleAlert aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        <p className="font-medium">
          {failed.length === 1 ? 'A check failed' : `${failed.length} checks failed`}
        </p>
        <ul className="list-disc space-y-0.5 pl-5">
          {failed.map((check, index) => (
            <li key={index} className="break-words">
              {check.message}
            </li>
          ))}
        </ul>
      </div>
    </Alert>
  );
}
