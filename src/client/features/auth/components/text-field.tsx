import type { ComponentProps, ReactNode } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

type TextFieldProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  error: string | undefined;
  errorId: string;
  /** What the field asks for, shown under it from the start ("At least 8 characters."). */
  hint?: string;
  /** Shown under the input, after any message (a link, say). */
  after?: ReactNode;
};

/** A labelled input with its hint and its inline message, both read with the input. */
export function TextField({ label, error, errorId, hint, after, ...inputProps }: TextFieldProps) {
  const hintId = `${inputProps.id}-hint`;
  const describedBy = [hint ? hintId : null, inputProps['aria-describedby']]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputProps.id}>{label}</Label>
      <Input {...inputProps} aria-describedby={describedBy || undefined} />
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}
