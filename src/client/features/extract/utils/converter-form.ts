import { COLUMN_LIMITS, type ColumnType } from '../../../../shared/column-types';
import type { ColumnDefinition } from '../../../../shared/columns';

export type ContentTab = 'file' | 'text' | 'url';

/** One row of the column editor; `id` keeps React keys stable while rows come and go. */
export type ColumnDraft = { id: number; name: string; type: ColumnType; description?: string };

export type FormErrors = { content?: string; columns?: string };

/** Columns a template, Suggest Columns or an extractor replaced, which Undo brings back. */
export type ReplacedColumns = {
  columns: ColumnDraft[];
  template: string | null;
  /** How many named columns were replaced. */
  count: number;
  /** What replaced them, in words: 'the Invoice template', 'suggested columns'. */
  by: string | null;
};

/** What is known of a chosen file that the page could not keep (after a reload). */
export type FileInfo = { name: string; size: number; type: string; lastModified: number };

export type ConverterForm = {
  tab: ContentTab;
  text: string;
  url: string;
  /** The chosen files: one runs as today, several run as a batch (a job). */
  files: File[];
  /** Files of the saved draft that could not be kept: named, to be chosen again. */
  lostFiles: FileInfo[];
  description: string;
  columns: ColumnDraft[];
  /**
   * The template whose columns are in use, shown as selected: a built-in key or a saved
   * extractor's id.
   */
  template: string | null;
  nextColumnId: number;
  /** What the last replacement of the columns took away, while Undo is offered. */
  replaced: ReplacedColumns | null;
  errors: FormErrors;
};

export type FormAction =
  | { type: 'tab'; tab: ContentTab }
  | { type: 'text'; text: string }
  | { type: 'url'; url: string }
  /** Replaces the chosen files with this one (or none). */
  | { type: 'file'; file: File | null; error?: string }
  /** Adds files to those chosen; `error` says why some were left out. */
  | { type: 'add-files'; files: File[]; error?: string }
  | { type: 'remove-file'; index: number }
  | { type: 'forget-lost-files' }
  | { type: 'description'; description: string }
  | { type: 'column-name'; id: number; name: string }
  | { type: 'column-type'; id: number; columnType: ColumnType }
  /** A column's instructions for the model (its description). */
  | { type: 'column-description'; id: number; description: string }
  | { type: 'add-column' }
  | { type: 'remove-column'; id: number }
  | { type: 'clear-columns' }
  /**
   * New columns for all of them: a template's or an extractor's (`template`), suggested ones, a
   * job's to run again; `by` names what replaced them, for Undo.
   */
  | { type: 'replace-columns'; columns: ColumnDefinition[]; template?: string | null; by?: string }
  /** Brings back the columns the last replacement took away. */
  | { type: 'undo-replace' }
  /** The template or extractor in use, when it changes without replacing the columns. */
  | { type: 'template'; template: string | null }
  /** Clear: everything back to a fresh form. */
  | { type: 'clear' }
  | { type: 'errors'; errors: FormErrors };

export function initialForm(): ConverterForm {
  return {
    tab: 'file',
    text: '',
    url: '',
    files: [],
    lostFiles: [],
    description: '',
    columns: [{ id: 1, name: '', type: 'text' }],
    nextColumnId: 2,
    template: null,
    replaced: null,
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

/** The columns replaced by `action`, for Undo; null when none had a name (nothing is lost). */
function replacedBy(
  form: ConverterForm,
  action: Extract<FormAction, { type: 'replace-columns' }>,
): ReplacedColumns | null {
  const count = form.columns.filter((column) => column.name.trim() !== '').length;
  if (count === 0) return null;
  return { columns: form.columns, template: form.template, count, by: action.by ?? null };
}

/** Whether the editor already holds exactly these columns, in this order. */
function hasColumns(form: ConverterForm, definitions: ColumnDefinition[]): boolean {
  return (
    form.columns.length === definitions.length &&
    form.columns.every((column, index) => {
      const other = definitions[index];
      return (
        other !== undefined &&
        column.name === other.name &&
        column.type === other.type &&
        (column.description ?? '') === (other.description ?? '')
      );
    })
  );
}

const sameFile = (a: File, b: File) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/** The chosen files and the new ones, each file once (choosing one again does not add it twice). */
export function withFiles(chosen: File[], added: File[]): File[] {
  const files = [...chosen];
  for (const file of added) if (!files.some((other) => sameFile(other, file))) files.push(file);
  return files;
}

/** The files still to choose again once `added` are chosen (a file of the same name will do). */
function stillLost(lost: FileInfo[], added: File[]): FileInfo[] {
  return lost.filter((info) => !added.some((file) => file.name === info.name));
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
      return {
        ...form,
        files: action.file ? [action.file] : [],
        lostFiles: action.file ? stillLost(form.lostFiles, [action.file]) : form.lostFiles,
        errors: { ...form.errors, content: action.error },
      };
    case 'add-files':
      return {
        ...form,
        files: withFiles(form.files, action.files),
        lostFiles: stillLost(form.lostFiles, action.files),
        errors: { ...form.errors, content: action.error },
      };
    case 'forget-lost-files':
      return { ...form, lostFiles: [] };
    case 'remove-file':
      return {
        ...form,
        files: form.files.filter((_, index) => index !== action.index),
        errors: withoutContentError,
      };
    case 'description':
      return { ...form, description: action.description };
    case 'column-name':
      // Its instructions stay: the editor shows them beside the name, to be changed with it.
      return updateColumn(
        { ...form, errors: { ...form.errors, columns: undefined } },
        action.id,
        (column) => ({ ...column, name: action.name }),
      );
    case 'column-description':
      return updateColumn(form, action.id, (column) => {
        const { description: _old, ...rest } = column;
        return action.description ? { ...rest, description: action.description } : rest;
      });
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
      return { ...withColumns(form, []), template: null, replaced: null };
    case 'replace-columns':
      // The same columns again (an extractor picked while its columns are in the form): nothing
      // is replaced, so the editor's rows, and any Undo of an earlier replacement, stay.
      if (hasColumns(form, action.columns)) return { ...form, template: action.template ?? null };
      return {
        ...withColumns(form, action.columns),
        template: action.template ?? null,
        replaced: replacedBy(form, action),
      };
    case 'undo-replace':
      if (!form.replaced) return form;
      return {
        ...form,
        columns: form.replaced.columns,
        template: form.replaced.template,
        replaced: null,
        errors: { ...form.errors, columns: undefined },
      };
    case 'template':
      return { ...form, template: action.template };
    case 'clear':
      // A fresh form with new column ids, so that no row of the editor keeps what it showed.
      return withColumns({ ...initialForm(), nextColumnId: form.nextColumnId }, []);
    case 'errors':
      return { ...form, errors: action.errors };
  }
}

/** Whether the active tab has something Suggest Columns can read. */
export function hasContent(form: ConverterForm): boolean {
  if (form.tab === 'file') return form.files.length > 0;
  if (form.tab === 'text') return form.text.trim() !== '';
  return form.url.trim() !== '';
}
