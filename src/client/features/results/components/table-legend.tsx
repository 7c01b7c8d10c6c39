import { Flag } from 'lucide-react';

/** Under the table: how many values are flagged for review, and how to see a value's source. */
export function TableLegend({ flagged }: { flagged: number | null }) {
  return (
    <div className="space-y-1 text-sm">
      {flagged !== null && flagged > 0 && (
        <p className="flex items-start gap-2 text-amber-800 dark:text-amber-300">
          <Flag aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {flagged === 1
              ? '1 value is flagged for review'
              : `${flagged.toLocaleString('en-US')} values are flagged for review`}
            : each is marked with a flag and a dotted underline. Check them before you rely on them.
          </span>
        </p>
      )}
      <p className="text-muted-foreground">
        Select a value to see all of it, why it was flagged and the passage of the source it came
        from.
      </p>
    </div>
  );
}
