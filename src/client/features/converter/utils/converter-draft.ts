import type { ColumnDefinition } from '../../../../shared/columns';
import type { Rule } from '../../../../shared/records';
import type { ColumnDraft, ContentTab, ConverterForm, FileInfo } from './converter-form';

/**
 * What of the converter is kept for the tab (issue 20 point 5): the content of each tab, the
 * description, the document fields, the columns, their rules and the template. Files are kept by name and size; the File objects
 * themselves live only as long as the page (see lib/draft-storage.ts). Loaded when the form first
 * changes; restore-converter-draft.ts reads a kept draft back.
 */
export type ConverterDraft = {
  tab: ContentTab;
  text: string;
  url: string;
  files: FileInfo[];
  description: string;
  fields: ColumnDefinition[];
  columns: ColumnDefinition[];
  rules: Rule[];
  template: string | null;
};

const definitionsOf = (drafts: ColumnDraft[]): ColumnDefinition[] =>
  drafts.map(({ name, type, description }) => ({
    name,
    type,
    ...(description ? { description } : {}),
  }));

export function infoOf(file: File): FileInfo {
  return { name: file.name, size: file.size, type: file.type, lastModified: file.lastModified };
}

export function draftOf(form: ConverterForm): ConverterDraft {
  return {
    tab: form.tab,
    text: form.text,
    url: form.url,
    // Files still to choose again stay named until they are, or are let go.
    files: [...form.files.map(infoOf), ...form.lostFiles],
    description: form.description,
    fields: definitionsOf(form.fields),
    columns: definitionsOf(form.columns),
    rules: form.rules,
    template: form.template,
  };
}

/** Whether the draft holds nothing a person typed or chose (then nothing is kept). */
export function isBlankDraft(draft: ConverterDraft): boolean {
  return (
    !draft.text &&
    !draft.url &&
    draft.files.length === 0 &&
    !draft.description &&
    draft.template === null &&
    draft.fields.length === 0 &&
    draft.columns.every((column) => !column.name && column.type === 'text')
  );
}
