import { COLUMN_TYPES } from '../../../../shared/column-types';
import type { ColumnDefinition } from '../../../../shared/columns';
import type { Rule } from '../../../../shared/records';
import {
  converterFormReducer,
  initialForm,
  type ContentTab,
  type ConverterForm,
  type FileInfo,
} from './converter-form';

const TABS: readonly ContentTab[] = ['file', 'text', 'url'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown) => (Array.isArray(value) ? value.filter(isObject) : []);

const columnOf = (column: Record<string, unknown>): ColumnDefinition => ({
  name: text(column.name),
  type: COLUMN_TYPES.find((type) => type === column.type) ?? 'text',
  ...(text(column.description) ? { description: text(column.description) } : {}),
});

/** Rules are checked again by the server; here only their shape (an object with a type). */
const rulesOf = (value: unknown): Rule[] =>
  list(value).filter((rule) => typeof rule.type === 'string') as Rule[];

const fileInfoOf = (file: Record<string, unknown>): FileInfo => ({
  name: text(file.name),
  size: Number(file.size) || 0,
  type: text(file.type),
  lastModified: Number(file.lastModified) || 0,
});

/**
 * The form a kept draft (converter-draft.ts) describes, read defensively (storage is not ours
 * alone). Its files are the kept File objects when this page still holds them; otherwise they
 * are named as lost, to be chosen again.
 */
export function formFromDraft(value: unknown, keptFiles: unknown): ConverterForm | null {
  if (!isObject(value)) return null;
  const kept = Array.isArray(keptFiles) ? (keptFiles as unknown[]) : [];
  const files = list(value.files).map(fileInfoOf);
  const found = files.map((info) =>
    kept.find(
      (file): file is File =>
        file instanceof File &&
        file.name === info.name &&
        file.size === info.size &&
        file.lastModified === info.lastModified,
    ),
  );
  // The editor's own rules (the column limit, one empty row at least, fresh ids).
  const form = converterFormReducer(initialForm(), {
    type: 'replace-columns',
    columns: list(value.columns).map(columnOf),
    fields: list(value.fields).map(columnOf),
    rules: rulesOf(value.rules),
    template: text(value.template) || null,
  });
  return {
    ...form,
    tab: TABS.find((tab) => tab === value.tab) ?? form.tab,
    text: text(value.text),
    url: text(value.url),
    files: found.filter((file) => file !== undefined),
    lostFiles: files.filter((_, index) => found[index] === undefined),
    description: text(value.description),
  };
}
