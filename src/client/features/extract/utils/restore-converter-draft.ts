import { COLUMN_LIMITS, COLUMN_TYPES, type ColumnType } from '../../../../shared/column-types';
import type { ColumnDefinition } from '../../../../shared/columns';
import { initialForm, type ContentTab, type ConverterForm, type FileInfo } from './converter-form';

const TABS: readonly ContentTab[] = ['file', 'text', 'url'];

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function columnsOf(value: unknown): ColumnDefinition[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter(isObject)
    .slice(0, COLUMN_LIMITS.columns)
    .map((column) => {
      const type: ColumnType = COLUMN_TYPES.find((known) => known === column.type) ?? 'text';
      const description = text(column.description);
      return { name: text(column.name), type, ...(description ? { description } : {}) };
    });
}

function filesOf(value: unknown): FileInfo[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isObject).map((file) => ({
    name: text(file.name),
    size: Number(file.size) || 0,
    type: text(file.type),
    lastModified: Number(file.lastModified) || 0,
  }));
}

const sameInfo = (file: File, info: FileInfo) =>
  file.name === info.name && file.size === info.size && file.lastModified === info.lastModified;

/**
 * The form a kept draft (a ConverterDraft, once) describes, read defensively (storage is not ours alone). Its files are
 * the kept File objects when this page still holds them; otherwise they are named as lost.
 */
export function formFromDraft(value: unknown, keptFiles: unknown): ConverterForm | null {
  if (!isObject(value)) return null;
  const form = initialForm();
  const files = filesOf(value.files);
  const kept = Array.isArray(keptFiles)
    ? keptFiles.filter((file): file is File => file instanceof File)
    : [];
  const found = files.map((info) => kept.find((file) => sameInfo(file, info)));
  const columns = columnsOf(value.columns);
  const rows = columns.length > 0 ? columns : [{ name: '', type: 'text' as const }];
  return {
    ...form,
    tab: TABS.find((tab) => tab === value.tab) ?? form.tab,
    text: text(value.text),
    url: text(value.url),
    files: found.filter((file): file is File => file !== undefined),
    lostFiles: files.filter((_, index) => found[index] === undefined),
    description: text(value.description),
    columns: rows.map((column, index) => ({ id: index + 1, ...column })),
    nextColumnId: rows.length + 1,
    template: typeof value.template === 'string' ? value.template : null,
  };
}
