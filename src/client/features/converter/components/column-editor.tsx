import { MessageSquareText, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type Dispatch, type ReactNode } from 'react';
import { COLUMN_LIMITS, COLUMN_TYPES, type ColumnType } from '../../../../shared/column-types';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { LazySelect } from '../../../components/ui/lazy-select';
import type { ColumnDraft, FormAction } from '../utils/converter-form';
import { FieldError } from '../../../components/ui/field-error';

const TYPE_LABELS: Record<ColumnType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  boolean: 'Boolean',
};
const TYPE_OPTIONS = COLUMN_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

/** The id of a column's (or a field's) name input, which validation focuses. */
export function columnNameId(baseId: string, column: ColumnDraft): string {
  return `${baseId}-column-${column.id}-name`;
}

/** A line-item column, or a document field (one value per document): the same controls. */
export type DefinitionKind = 'column' | 'field';

const KIND_WORDS: Record<DefinitionKind, { one: string; add: string; examples: [string, string] }> =
  {
    column: { one: 'Column', add: 'Add Column', examples: ['e.g. date', 'e.g. amount'] },
    field: { one: 'Field', add: 'Add Field', examples: ['e.g. invoice_number', 'e.g. total'] },
  };

type ColumnEditorProps = {
  baseId: string;
  kind: DefinitionKind;
  columns: ColumnDraft[];
  /** The message about the names (none at all, the same name twice), shown under the rows. */
  error: string | undefined;
  disabled: boolean;
  dispatch: Dispatch<FormAction>;
  /** Clear and Suggest Columns, beside Add Column. */
  actions?: ReactNode;
};

/**
 * Rows of name, type, instructions and remove; the last column cannot be removed, while fields
 * may all go. Instructions (a description) tell the model what belongs there; templates bring
 * their own. Focus follows the keyboard: Add puts it in the new row's name, Add instructions in
 * the instructions field it opens, and removing a row puts it in the name of the row that takes
 * its place (else the one before, else Add Field), not on the page.
 */
export function ColumnEditor({
  baseId,
  kind,
  columns,
  error,
  disabled,
  dispatch,
  actions,
}: ColumnEditorProps) {
  const errorId = `${baseId}-${kind}s-error`;
  const words = KIND_WORDS[kind];
  const minimum = kind === 'column' ? 1 : 0;
  const focusAfter = useRef<'last' | number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const after = focusAfter.current;
    focusAfter.current = null;
    if (after === null) return;
    const column = after === 'last' ? columns.at(-1) : columns[Math.min(after, columns.length - 1)];
    if (column) document.getElementById(columnNameId(baseId, column))?.focus();
    else addButton.current?.focus();
  }, [baseId, columns]);
  return (
    <div className="grid gap-3">
      {columns.length > 0 ? (
        <ol className="grid gap-2">
          {columns.map((column, index) => (
            <ColumnRow
              key={column.id}
              baseId={baseId}
              kind={kind}
              column={column}
              number={index + 1}
              canRemove={columns.length > minimum}
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
      ) : null}
      <FieldError id={errorId} message={error} />
      <div className="flex flex-wrap gap-2">
        <Button
          ref={addButton}
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled || columns.length >= COLUMN_LIMITS.columns}
          onClick={() => {
            focusAfter.current = 'last';
            dispatch({ type: kind === 'column' ? 'add-column' : 'add-field' });
          }}
        >
          <Plus aria-hidden="true" />
          {words.add}
        </Button>
        {actions}
      </div>
    </div>
  );
}

type ColumnRowProps = {
  baseId: string;
  kind: DefinitionKind;
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
  kind,
  column,
  number,
  canRemove,
  errorId,
  disabled,
  dispatch,
  onRemove,
}: ColumnRowProps) {
  const [isOpen, setIsOpen] = useState(false);
  const { one, examples } = KIND_WORDS[kind];
  const lower = one.toLowerCase();
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
          aria-label={`${one} ${number} name`}
          placeholder={number === 1 ? examples[0] : examples[1]}
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
          aria-label={`${one} ${number} type`}
          className="w-28 shrink-0 sm:w-32"
          onValueChange={(type) =>
            dispatch({ type: 'column-type', id: column.id, columnType: type as ColumnType })
          }
        />
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`${column.description ? 'Edit' : 'Add'} instructions for ${lower} ${number}`}
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
          aria-label={`Remove ${lower} ${number}`}
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
          aria-label={`${one} ${number} instructions`}
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
