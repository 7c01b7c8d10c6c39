import { CircleAlert } from 'lucide-react';

/** Under the table: how to see a value's source, and how many values were not found in it. */
export function TableLegend({ unverified }: { unverified: number | null }) {
  return (
    <div className="space-y-1 text-sm">
      {unverified !== null && unverified > 0 && (
        <p className="flex items-start gap-2 text-amber-800 dark:text-amber-300">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <span>
            {unverified === 1
              ? '1 value was not found in the source'
              : `${unverified.toLocaleString('en-US')} values were not found in the source`}
            . They are underlined with dots; check them before you rely on them.
          </span>
        </p>
      )}
      <p className="text-muted-foreground">
        Select a value to see all of it and the passage of the source it came from.
      </p>
    </div>
  );
}
