import type { ComponentProps, ReactNode } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';

type TextFieldProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  error: string | undefined;
  errorId: string;
  /** Shown under the input, after any message (a link, say). */
  after?: ReactNode;
};

/** A labelled input with its inline message. */
export function TextField({ label, error, errorId, after, ...inputProps }: TextFieldProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={inputProps.id}>{label}</Label>
      <Input {...inputProps} />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}
