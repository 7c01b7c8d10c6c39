import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ColumnType } from '../../../../../shared/column-types';
import type { CellValue } from '../../../../../shared/extraction';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { editedValue } from '../../utils/edit-value';
import { FieldError } from '../../../../components/ui/field-error';

type EditFormProps = {
  label: string;
  type: ColumnType;
  initial: string;
  onSave: (value: CellValue) => Promise<void>;
  onCancel: () => void;
};

/** A correction: the new value, checked against the column's type; Enter saves, Escape cancels. */
export function EditForm({ label, type, initial, onSave, onCancel }: EditFormProps) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  const [isSaving, setIsSaving] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = editedValue(type, text);
    if (!value.ok) return setError(value.message);
    setIsSaving(true);
    try {
      await onSave(value.value);
    } catch (saveError) {
      // Nothing is lost: the value typed stays in the field.
      setError(`The correction was not saved. ${(saveError as Error).message}`);
    } finally {
      setIsSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    onCancel();
  };
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        autoFocus
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
        className="h-9"
      />
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={isSaving}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
