import { MessageSquareText, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type Dispatch, type ReactNode } from 'react';
import { COLUMN_LIMITS, COLUMN_TYPES, type ColumnType } from '../../../../shared/column-types';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { LazySelect } from '../../../components/ui/lazy-select';
import type { ColumnDraft, FormAction } from '../utils/converter-form';
import { FieldError } from './field-error';

const TYPE_LABELS: Record<ColumnType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  boolean: 'Boolean',
};
const TYPE_OPTIONS = COLUMN_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

/** The id of a column's name input, which validation focuses. */
export function columnNameId(baseId: string, column: ColumnDraft): string {
  return `${baseId}-column-${column.id}-name`;
}

type ColumnEditorProps = {
  baseId: string;
  columns: ColumnDraft[];
  error: string | undefined;
  disabled: boolean;
  dispatch: Dispatch<FormAction>;
  /** Clear and Suggest Columns, beside Add Column. */
  actions: ReactNode;
};

/**
 * Rows of name, type, instructions and remove; the last row cannot be removed. A column's
 * instructions (its description) tell the model what belongs in it; templates bring their own.
 * Focus follows the keyboard: Add Column puts it in the new column's name, Add instructions in the
 * instructions field it opens, and removing a column puts it in the name of the column that takes
 * its place (else the one before), not on the page.
 */
export function ColumnEditor({
  baseId,
  columns,
  error,
  disabled,
  dispatch,
  actions,
}: ColumnEditorProps) {
  const errorId = `${baseId}-columns-error`;
  const focusAfter = useRef<'last' | number | null>(null);
  useEffect(() => {
    const after = focusAfter.current;
    focusAfter.current = null;
    if (after === null) return;
    const column = after === 'last' ? columns.at(-1) : columns[Math.min(after, columns.length - 1)];
    if (column) document.getElementById(columnNameId(baseId, column))?.focus();
  }, [baseId, columns]);
  return (
    <div className="grid gap-3">
      <ol className="grid gap-2">
        {columns.map((column, index) => (
          <ColumnRow
            key={column.id}
            baseId={baseId}
            column={column}
            number={index + 1}
            canRemove={columns.length > 1}
            errorId={error && index === 0 ? errorId : undefined}
            disabled={disabled}
            dispatch={dispatch}
            onRemove={() => {
              focusAfter.current = index;
              dispatch({ type: 'remove-column', id: column.id });
            }}
          />
        ))}
      </ol>
      <FieldError id={errorId} message={error} />
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || columns.length >= COLUMN_LIMITS.columns}
          onClick={() => {
            focusAfter.current = 'last';
            dispatch({ type: 'add-column' });
          }}
        >
          <Plus aria-hidden="true" />
          Add Column
        </Button>
        {actions}
      </div>
    </div>
  );
}

type ColumnRowProps = {
  baseId: string;
  column: ColumnDraft;
  number: number;
  canRemove: boolean;
  errorId: string | undefined;
  disabled: boolean;
  dispatch: Dispatch<FormAction>;
  onRemove: () => void;
};

function ColumnRow({
  baseId,
  column,
  number,
  canRemove,
  errorId,
  disabled,
  dispatch,
  onRemove,
}: ColumnRowProps) {
  const [isOpen, setIsOpen] = useState(false);
  const instructionsId = `${baseId}-column-${column.id}-instructions`;
  // Opened from its button, the field takes the focus, the cursor after what is written, so
  // that what is typed next goes into it.
  const isOpening = useRef(false);
  const fieldRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const field = fieldRef.current;
    if (!isOpen || !isOpening.current || !field) return;
    isOpening.current = false;
    field.focus();
    field.setSelectionRange(field.value.length, field.value.length);
  }, [isOpen]);
  return (
    <li className="grid gap-1.5">
      <div className="flex items-center gap-2">
        <Input
          id={columnNameId(baseId, column)}
          aria-label={`Column ${number} name`}
          placeholder={number === 1 ? 'e.g. date' : 'e.g. amount'}
          value={column.name}
          maxLength={COLUMN_LIMITS.name}
          disabled={disabled}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          className="h-9 min-w-0 flex-1"
          onChange={(event) =>
            dispatch({ type: 'column-name', id: column.id, name: event.target.value })
          }
        />
        <LazySelect
          value={column.type}
          options={TYPE_OPTIONS}
          disabled={disabled}
          aria-label={`Column ${number} type`}
          className="w-28 shrink-0 sm:w-32"
          onValueChange={(type) =>
            dispatch({ type: 'column-type', id: column.id, columnType: type as ColumnType })
          }
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`${column.description ? 'Edit' : 'Add'} instructions for column ${number}`}
          aria-expanded={isOpen}
          aria-controls={isOpen ? instructionsId : undefined}
          disabled={disabled}
          className="shrink-0"
          onClick={() => {
            isOpening.current = !isOpen;
            setIsOpen(!isOpen);
          }}
        >
          <MessageSquareText aria-hidden="true" />
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Remove column ${number}`}
          disabled={disabled || !canRemove}
          className="shrink-0"
          onClick={onRemove}
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
      {isOpen ? (
        <Input
          ref={fieldRef}
          id={instructionsId}
          aria-label={`Column ${number} instructions`}
          placeholder="What belongs here, e.g. the amount paid, without the currency sign"
          value={column.description ?? ''}
          maxLength={COLUMN_LIMITS.description}
          disabled={disabled}
          className="h-9"
          onChange={(event) =>
            dispatch({ type: 'column-description', id: column.id, description: event.target.value })
          }
        />
      ) : column.description ? (
        <p className="truncate px-1 text-xs text-muted-foreground">{column.description}</p>
      ) : null}
    </li>
  );
}
