import type { ColumnDefinition } from '../../../../shared/columns';
import { NO_CONTENT_MESSAGE } from '../../../../shared/error-codes';
import type { ExtractionInput } from '../api/run-extraction';
import type { ConverterForm, FormErrors } from './converter-form';

/** SPEC.md section 5, verbatim. */
export const COLUMN_NAME_REQUIRED = 'Please define at least one column name';
export const DUPLICATE_COLUMN_NAMES = 'Column names must be different from each other.';
export { NO_CONTENT_MESSAGE };
export const URL_SCHEME_MESSAGE =
  'Please enter a web address that starts with http:// or https://, for example https://example.com/events.';

/** One document (run at once, streamed), or several files (run as a job). */
export type RunContent = ExtractionInput['content'] | { kind: 'files'; files: File[] };

/** What Run sends: the content, the named columns and the description. */
export type RunRequest = Omit<ExtractionInput, 'content'> & {
  content: RunContent;
  columns: ColumnDefinition[];
};

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

/** The named columns as the API takes them; blank rows are left out. */
export function checkColumns(form: ConverterForm): Checked<ColumnDefinition[]> {
  const columns: ColumnDefinition[] = form.columns
    .map((column) => ({ ...column, name: column.name.trim() }))
    .filter((column) => column.name !== '')
    .map(({ name, type, description }) => ({
      name,
      type,
      ...(description ? { description } : {}),
    }));
  if (columns.length === 0) return { ok: false, errors: { columns: COLUMN_NAME_REQUIRED } };
  const names = new Set(columns.map((column) => column.name.toLowerCase()));
  if (names.size !== columns.length)
    return { ok: false, errors: { columns: DUPLICATE_COLUMN_NAMES } };
  return { ok: true, value: columns };
}

/** Everything a run needs, or every message to show (content and columns at once). */
export function validateRun(form: ConverterForm): Checked<RunRequest> {
  const content = checkContent(form);
  const columns = checkColumns(form);
  if (!content.ok || !columns.ok) {
    return {
      ok: false,
      errors: { ...(content.ok ? {} : content.errors), ...(columns.ok ? {} : columns.errors) },
    };
  }
  return {
    ok: true,
    value: { content: content.value, columns: columns.value, description: form.description.trim() },
  };
}

// On the first view (it decides whether Suggest Columns shows); the checks above load on use.
export { hasContent } from './converter-form';
