import type { ColumnDefinitionInput } from '../../shared/columns';
import type { Rule } from '../../shared/records';

// The converter builds this and sends its content for suggestions; a run sends all of it.

/**
 * What the converter sends: one of text, url or file, the columns, the document's fields and the
 * rules across them (both may be empty), and the description.
 */
export type ExtractionInput = {
  content:
    { kind: 'text'; text: string } | { kind: 'url'; url: string } | { kind: 'file'; file: File };
  columns: ColumnDefinitionInput[];
  fields?: ColumnDefinitionInput[];
  rules?: Rule[];
  description: string;
};

/** The content as a form's `file`, `text` or `url` field, as the server reads it. */
export function contentForm(content: ExtractionInput['content']): FormData {
  const form = new FormData();
  if (content.kind === 'file') form.set('file', content.file, content.file.name);
  else if (content.kind === 'text') form.set('text', content.text);
  else form.set('url', content.url);
  return form;
}
