import { useId } from 'react';

/**
 * The choice to show, in the combined table, the text of the documents that gave no rows (SPEC's
 * fallback: the start of their text): left out unless asked, since it is not data. Copy and the
 * downloads follow what the table shows.
 */
export function FallbackTextToggle({
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
        checked={isChecked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={id}
        className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      <div className="grid gap-1">
        <label htmlFor={`${id}-input`} className="text-sm leading-tight font-medium">
          Show the text of documents with no rows
        </label>
        <p id={id} className="text-xs text-muted-foreground">
          Their first lines, under their name in the first column: text, not data.
        </p>
      </div>
    </div>
  );
}
