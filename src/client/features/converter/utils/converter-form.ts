import { COLUMN_LIMITS, type ColumnType } from '../../../../shared/column-types';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { Rule } from '../../../../shared/records';

export type ContentTab = 'file' | 'text' | 'url';

/** One row of the column editor; `id` keeps React keys stable while rows come and go. */
export type ColumnDraft = { id: number; name: string; type: ColumnType; description?: string };

/** The messages shown: about the content, the fields' names, the names overall (under the columns). */
export type FormErrors = { content?: string; fields?: string; columns?: string };

/** Columns a template, Suggest Columns or an extractor replaced, which Undo brings back. */
export type ReplacedColumns = {
  columns: ColumnDraft[];
  fields: ColumnDraft[];
  rules: Rule[];
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
  /** The document's own fields (one value per document), above the columns; may be none. */
  fields: ColumnDraft[];
  columns: ColumnDraft[];
  /** The rules a template or an extractor carries, sent with the run (issue 31). */
  rules: Rule[];
  /**
   * The template whose columns are in use, shown as selected: a built-in key or a saved
   * extractor's id.
   */
  template: string | null;
  nextColumnId: number;
  /** What the last replacement of the columns took away, while Undo is offered. */
  replaced: ReplacedColumns | null;
  /** What Clear emptied (content, description, columns), while Undo is offered. */
  cleared: ConverterForm | null;
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
  /** A column's or a field's name, type and instructions: ids are never shared between them. */
  | { type: 'column-name'; id: number; name: string }
  | { type: 'column-type'; id: number; columnType: ColumnType }
  /** A column's instructions for the model (its description). */
  | { type: 'column-description'; id: number; description: string }
  | { type: 'add-column' }
  | { type: 'add-field' }
  /** Removes a column or a field: the last column stays (blank), fields may all go. */
  | { type: 'remove-column'; id: number }
  | { type: 'clear-columns' }
  /**
   * New columns for all of them: a template's or an extractor's (`template`), suggested ones, a
   * job's to run again; `by` names what replaced them, for Undo. `fields` (and `rules` with them)
   * replace the document fields too; without them the fields stay (suggested columns).
   */
  | {
      type: 'replace-columns';
      columns: ColumnDefinition[];
      fields?: ColumnDefinition[];
      rules?: Rule[];
      template?: string | null;
      by?: string;
    }
  /** Brings back the columns the last replacement took away. */
  | { type: 'undo-replace' }
  /** The template or extractor in use, when it changes without replacing the columns. */
  | { type: 'template'; template: string | null }
  /** Clear: everything back to a fresh form. */
  | { type: 'clear' }
  /** Brings back what Clear emptied, until the next change. */
  | { type: 'undo-clear' }
  | { type: 'errors'; errors: FormErrors };

export function initialForm(): ConverterForm {
  return {
    tab: 'file',
    text: '',
    url: '',
    files: [],
    lostFiles: [],
    description: '',
    fields: [],
    columns: [{ id: 1, name: '', type: 'text' }],
    rules: [],
    nextColumnId: 2,
    template: null,
    replaced: null,
    cleared: null,
    errors: {},
  };
}

/** Editor rows for `definitions`, numbered from `firstId`. */
function draftsOf(definitions: ColumnDefinition[], firstId: number): ColumnDraft[] {
  return definitions.slice(0, COLUMN_LIMITS.columns).map((column, index) => ({
    id: firstId + index,
    name: column.name,
    type: column.type,
    ...(column.description ? { description: column.description } : {}),
  }));
}

function withColumns(form: ConverterForm, definitions: ColumnDefinition[]): ConverterForm {
  if (definitions.length === 0) return withColumns(form, [{ name: '', type: 'text' }]);
  const columns = draftsOf(definitions, form.nextColumnId);
  return {
    ...form,
    columns,
    nextColumnId: form.nextColumnId + columns.length,
    errors: { ...form.errors, columns: undefined },
  };
}

function withFields(form: ConverterForm, definitions: ColumnDefinition[]): ConverterForm {
  const fields = draftsOf(definitions, form.nextColumnId);
  return { ...form, fields, nextColumnId: form.nextColumnId + fields.length };
}

const isNamed = (column: ColumnDraft) => column.name.trim() !== '';

/** The columns replaced by `action`, for Undo; null when none had a name (nothing is lost). */
function replacedBy(
  form: ConverterForm,
  action: Extract<FormAction, { type: 'replace-columns' }>,
): ReplacedColumns | null {
  const count =
    form.columns.filter(isNamed).length + (action.fields ? form.fields.filter(isNamed).length : 0);
  if (count === 0) return null;
  const { columns, fields, rules, template } = form;
  return { columns, fields, rules, template, count, by: action.by ?? null };
}

/** Whether `drafts` are exactly these definitions, in this order. */
function isSame(drafts: ColumnDraft[], definitions: ColumnDefinition[]): boolean {
  return (
    drafts.length === definitions.length &&
    drafts.every((column, index) => {
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

/** Whether the editor already holds exactly what `action` would put in it. */
function hasDefinitions(
  form: ConverterForm,
  action: Extract<FormAction, { type: 'replace-columns' }>,
): boolean {
  return (
    isSame(form.columns, action.columns) &&
    (action.fields === undefined || isSame(form.fields, action.fields))
  );
}

function replaceDefinitions(
  form: ConverterForm,
  action: Extract<FormAction, { type: 'replace-columns' }>,
): ConverterForm {
  const withNew = withColumns(form, action.columns);
  if (!action.fields) return withNew;
  return { ...withFields(withNew, action.fields), rules: action.rules ?? [] };
}

/** Changes the column or field `id` (ids are never shared between the two). */
function updateColumn(
  form: ConverterForm,
  id: number,
  change: (column: ColumnDraft) => ColumnDraft,
) {
  const update = (column: ColumnDraft) => (column.id === id ? change(column) : column);
  return { ...form, columns: form.columns.map(update), fields: form.fields.map(update) };
}

/**
 * Every change to the converter's inputs; editing a field clears the message about it. Clear
 * keeps what it emptied for Undo, until the next change: Undo then would throw that change away.
 */
export function converterFormReducer(form: ConverterForm, action: FormAction): ConverterForm {
  if (action.type === 'undo-clear') {
    if (!form.cleared) return form;
    const nextColumnId = Math.max(form.nextColumnId, form.cleared.nextColumnId);
    return { ...form.cleared, nextColumnId, cleared: null };
  }
  const next = applyAction(form, action);
  if (action.type === 'clear' || action.type === 'errors' || next === form || !next.cleared)
    return next;
  return { ...next, cleared: null };
}

function applyAction(form: ConverterForm, action: FormAction): ConverterForm {
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
        { ...form, errors: { ...form.errors, fields: undefined, columns: undefined } },
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
    case 'add-field':
      if (form.fields.length >= COLUMN_LIMITS.columns) return form;
      return {
        ...form,
        fields: [...form.fields, { id: form.nextColumnId, name: '', type: 'text' }],
        nextColumnId: form.nextColumnId + 1,
      };
    case 'remove-column':
      if (form.fields.some((field) => field.id === action.id))
        return { ...form, fields: form.fields.filter((field) => field.id !== action.id) };
      if (form.columns.length <= 1) return form;
      return { ...form, columns: form.columns.filter((column) => column.id !== action.id) };
    case 'clear-columns':
      return { ...withColumns(form, []), fields: [], rules: [], template: null, replaced: null };
    case 'replace-columns':
      // The same columns again (an extractor picked while its columns are in the form): nothing
      // is replaced, so the editor's rows, and any Undo of an earlier replacement, stay.
      if (hasDefinitions(form, action))
        return { ...form, rules: action.rules ?? form.rules, template: action.template ?? null };
      return {
        ...replaceDefinitions(form, action),
        template: action.template ?? null,
        replaced: replacedBy(form, action),
      };
    case 'undo-replace':
      if (!form.replaced) return form;
      return {
        ...form,
        columns: form.replaced.columns,
        fields: form.replaced.fields,
        rules: form.replaced.rules,
        template: form.replaced.template,
        replaced: null,
        errors: { ...form.errors, columns: undefined },
      };
    case 'template':
      return { ...form, template: action.template };
    case 'clear':
      // A fresh form with new column ids, so that no row of the editor keeps what it showed.
      return {
        ...withColumns({ ...initialForm(), nextColumnId: form.nextColumnId }, []),
        cleared: { ...form, cleared: null, errors: {} },
      };
    case 'undo-clear':
      return form;
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
