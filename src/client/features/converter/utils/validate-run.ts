import type { ColumnDefinition } from '../../../../shared/columns';
import { NO_CONTENT_MESSAGE } from '../../../../shared/error-codes';
import type { Rule } from '../../../../shared/records';
import type { ExtractionInput } from '../../../lib/extraction-input';
import type { ConverterForm, FormErrors } from './converter-form';

/** SPEC.md section 5, verbatim. */
export const COLUMN_NAME_REQUIRED = 'Please define at least one column name';
export const DUPLICATE_COLUMN_NAMES = 'Column names must be different from each other.';
export const DUPLICATE_FIELD_NAMES = 'Field names must be different from each other.';
export const FIELD_AND_COLUMN_NAME = 'A field and a column cannot have the same name';
export { NO_CONTENT_MESSAGE };
export const URL_SCHEME_MESSAGE =
  'Please enter a web address that starts with http:// or https://, for example https://example.com/events.';

/** One document (run at once, streamed), or several files (run as a job). */
export type RunContent = ExtractionInput['content'] | { kind: 'files'; files: File[] };

/** The named fields and columns, and the rules carried with them, as the API takes them. */
export type Definitions = {
  fields: ColumnDefinition[];
  columns: ColumnDefinition[];
  rules: Rule[];
};

/** What Run sends: the content, the named fields and columns, their rules and the description. */
export type RunRequest = Omit<ExtractionInput, 'content' | 'columns' | 'fields' | 'rules'> &
  Definitions & { content: RunContent };

type Checked<T> = { ok: true; value: T } | { ok: false; errors: FormErrors };

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** The content of the active tab, or why there is none to send. */
export function checkContent(form: ConverterForm): Checked<RunContent> {
  if (form.tab === 'file') {
    const [first, ...others] = form.files;
    // A refused file (too large, wrong type) keeps its own message.
    if (form.errors.content && !first)
      return { ok: false, errors: { content: form.errors.content } };
    if (!first) return { ok: false, errors: { content: NO_CONTENT_MESSAGE } };
    return others.length === 0
      ? { ok: true, value: { kind: 'file', file: first } }
      : { ok: true, value: { kind: 'files', files: form.files } };
  }
  if (form.tab === 'text') {
    return form.text.trim()
      ? { ok: true, value: { kind: 'text', text: form.text } }
      : { ok: false, errors: { content: NO_CONTENT_MESSAGE } };
  }
  const url = form.url.trim();
  if (!url) return { ok: false, errors: { content: NO_CONTENT_MESSAGE } };
  return isWebAddress(url)
    ? { ok: true, value: { kind: 'url', url } }
    : { ok: false, errors: { content: URL_SCHEME_MESSAGE } };
}

function named(drafts: ConverterForm['columns']): ColumnDefinition[] {
  return drafts
    .map((column) => ({ ...column, name: column.name.trim() }))
    .filter((column) => column.name !== '')
    .map(({ name, type, description }) => ({
      name,
      type,
      ...(description ? { description } : {}),
    }));
}

const hasRepeats = (names: string[]) => new Set(names).size !== names.length;
const lowerNames = (definitions: ColumnDefinition[]) =>
  definitions.map((definition) => definition.name.toLowerCase());

/**
 * The named fields and columns as the API takes them (blank rows are left out): at least one name
 * overall (fields alone give one row per document), each name once. The rules go with them.
 */
export function checkDefinitions(form: ConverterForm): Checked<Definitions> {
  const fields = named(form.fields);
  const columns = named(form.columns);
  const fail = (message: string) => ({ ok: false as const, errors: { columns: message } });
  if (columns.length === 0 && fields.length === 0) return fail(COLUMN_NAME_REQUIRED);
  if (hasRepeats(lowerNames(columns))) return fail(DUPLICATE_COLUMN_NAMES);
  if (hasRepeats(lowerNames(fields)))
    return { ok: false, errors: { fields: DUPLICATE_FIELD_NAMES } };
  if (hasRepeats([...lowerNames(fields), ...lowerNames(columns)]))
    return fail(FIELD_AND_COLUMN_NAME);
  return { ok: true, value: { fields, columns, rules: form.rules } };
}

/** Everything a run needs, or every message to show (content and columns at once). */
export function validateRun(form: ConverterForm): Checked<RunRequest> {
  const content = checkContent(form);
  const definitions = checkDefinitions(form);
  if (!content.ok || !definitions.ok) {
    return {
      ok: false,
      errors: {
        ...(content.ok ? {} : content.errors),
        ...(definitions.ok ? {} : definitions.errors),
      },
    };
  }
  return {
    ok: true,
    value: { content: content.value, ...definitions.value, description: form.description.trim() },
  };
}

// On the first view (it decides whether Suggest Columns shows); the checks above load on use.
export { hasContent } from './converter-form';
