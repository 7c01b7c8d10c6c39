import { COLUMN_LIMITS, type ColumnType } from '../../../../shared/column-types';
import type { ColumnDefinition } from '../../../../shared/columns';

export type ContentTab = 'file' | 'text' | 'url';

/** One row of the column editor; `id` keeps React keys stable while rows come and go. */
export type ColumnDraft = { id: number; name: string; type: ColumnType; description?: string };

export type FormErrors = { content?: string; columns?: string };

export type ConverterForm = {
  tab: ContentTab;
  text: string;
  url: string;
  file: File | null;
  description: string;
  columns: ColumnDraft[];
  nextColumnId: number;
  errors: FormErrors;
};

export type FormAction =
  | { type: 'tab'; tab: ContentTab }
  | { type: 'text'; text: string }
  | { type: 'url'; url: string }
  | { type: 'file'; file: File | null; error?: string }
  | { type: 'description'; description: string }
  | { type: 'column-name'; id: number; name: string }
  | { type: 'column-type'; id: number; columnType: ColumnType }
  | { type: 'add-column' }
  | { type: 'remove-column'; id: number }
  | { type: 'clear-columns' }
  | { type: 'replace-columns'; columns: ColumnDefinition[] }
  | { type: 'errors'; errors: FormErrors };

export function initialForm(): ConverterForm {
  return {
    tab: 'file',
    text: '',
    url: '',
    file: null,
    description: '',
    columns: [{ id: 1, name: '', type: 'text' }],
    nextColumnId: 2,
    errors: {},
  };
}

function withColumns(form: ConverterForm, definitions: ColumnDefinition[]): ConverterForm {
  const kept = definitions.slice(0, COLUMN_LIMITS.columns);
  if (kept.length === 0) return withColumns(form, [{ name: '', type: 'text' }]);
  const columns = kept.map((column, index) => ({
    id: form.nextColumnId + index,
    name: column.name,
    type: column.type,
    ...(column.description ? { description: column.description } : {}),
  }));
  return {
    ...form,
    columns,
    nextColumnId: form.nextColumnId + columns.length,
    errors: { ...form.errors, columns: undefined },
  };
}

function updateColumn(
  form: ConverterForm,
  id: number,
  change: (column: ColumnDraft) => ColumnDraft,
) {
  return {
    ...form,
    columns: form.columns.map((column) => (column.id === id ? change(column) : column)),
  };
}

/** Every change to the converter's inputs; editing a field clears the message about it. */
export function converterFormReducer(form: ConverterForm, action: FormAction): ConverterForm {
  const withoutContentError = { ...form.errors, content: undefined };
  switch (action.type) {
    case 'tab':
      return { ...form, tab: action.tab, errors: withoutContentError };
    case 'text':
      return { ...form, text: action.text, errors: withoutContentError };
    case 'url':
      return { ...form, url: action.url, errors: withoutContentError };
    case 'file':
      return { ...form, file: action.file, errors: { ...form.errors, content: action.error } };
    case 'description':
      return { ...form, description: action.description };
    case 'column-name':
      // A template's hint describes the name it came with; a renamed column loses it.
      return updateColumn(
        { ...form, errors: { ...form.errors, columns: undefined } },
        action.id,
        (column) => ({
          id: column.id,
          name: action.name,
          type: column.type,
        }),
      );
    case 'column-type':
      return updateColumn(form, action.id, (column) => ({ ...column, type: action.columnType }));
    case 'add-column':
      if (form.columns.length >= COLUMN_LIMITS.columns) return form;
      return {
        ...form,
        columns: [...form.columns, { id: form.nextColumnId, name: '', type: 'text' }],
        nextColumnId: form.nextColumnId + 1,
      };
    case 'remove-column':
      if (form.columns.length <= 1) return form;
      return { ...form, columns: form.columns.filter((column) => column.id !== action.id) };
    case 'clear-columns':
      return withColumns(form, []);
    case 'replace-columns':
      return withColumns(form, action.columns);
    case 'errors':
      return { ...form, errors: action.errors };
  }
}
