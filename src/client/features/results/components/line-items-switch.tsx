import { useId } from 'react';

/**
 * A batch of records seen one row per document (the default), or as the flat table: one row per
 * line item with its document's fields repeated, as the CSV is. Copy and the downloads follow.
 */
export function LineItemsSwitch({
  isChecked,
  onChange,
}: {
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={`${id}-input`}
        type="checkbox"
        role="switch"
        checked={isChecked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={id}
        className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      <div className="grid gap-1">
        <label htmlFor={`${id}-input`} className="text-sm leading-tight font-medium">
          One row per line item
        </label>
        <p id={id} className="text-xs text-muted-foreground">
          Each document’s fields repeated on each of its line items; off, one row per document.
        </p>
      </div>
    </div>
  );
}
