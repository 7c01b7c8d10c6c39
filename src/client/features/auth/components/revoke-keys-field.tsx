import { useId } from 'react';

/**
 * The offer that comes with a new password: also revoke every API key of the account, for when
 * the password or a key may be known to someone else. Off unless chosen: scripts using the keys
 * stop working.
 */
export function RevokeKeysField({
  isChecked,
  onChange,
}: {
  isChecked: boolean;
  onChange: (isChecked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={`${hintId}-input`}
        type="checkbox"
        checked={isChecked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hintId}
        className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      />
      <div className="grid gap-1">
        <label htmlFor={`${hintId}-input`} className="text-sm font-medium leading-tight">
          Also revoke all my API keys
        </label>
        <p id={hintId} className="text-xs text-muted-foreground">
          Scripts using them stop working until you give them a new key. Do this if someone else may
          know your password or a key.
        </p>
      </div>
    </div>
  );
}
