import { z } from 'zod';
import { columnsSchema, type ColumnDefinition } from '../../../shared/columns';
import { AppError } from '../../../shared/errors';
import { extractionRequestSchema } from '../../../shared/extraction-request';
import { getTemplate, isTemplateKey } from '../../../shared/templates';
import type { InputSource } from '../../extraction/ingest/fetch-source';
import { fileSource, isMultipart, readForm, readJson } from '../../http/request-body';

export type ParsedExtractionRequest = {
  source: InputSource;
  columns: ColumnDefinition[];
  description: string | undefined;
};

function parseJsonField(value: string | undefined): unknown {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch (cause) {
    throw new AppError('VALIDATION_FAILED', {
      details: { fieldErrors: { columns: ['Columns must be a JSON array.'] } },
      cause,
    });
  }
}

async function bodyOf(request: Request): Promise<{ fields: unknown; file: InputSource | null }> {
  if (!isMultipart(request)) return { fields: await readJson(request), file: null };
  const form = await readForm(request);
  const text = (name: string) => form.fields.get(name);
  return {
    fields: {
      text: text('text'),
      url: text('url'),
      template: text('template'),
      description: text('description'),
      columns: parseJsonField(form.fields.get('columns')),
    },
    file: fileSource(form),
  };
}

/** Reads content, columns and description from JSON or multipart; SPEC.md's messages on failure. */
export async function parseExtractionRequest(request: Request): Promise<ParsedExtractionRequest> {
  const { fields, file } = await bodyOf(request);
  const parsed = extractionRequestSchema.safeParse(fields);
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', { details: z.flattenError(parsed.error) });
  const { text, url, template, description } = parsed.data;

  let source: InputSource | null = file;
  if (!source && url) source = { kind: 'url', url };
  else if (!source && text !== undefined && text.trim() !== '') source = { kind: 'text', text };

  const givenColumns =
    parsed.data.columns ??
    (template && isTemplateKey(template) ? getTemplate(template).columns : undefined);
  if (!source || !givenColumns) throw new AppError('EXTRACTION_INPUT_REQUIRED');
  const columns = columnsSchema.safeParse(givenColumns);
  if (!columns.success) {
    const isBlank = columns.error.issues.some(
      (issue) => issue.message === 'At least one valid column name is required',
    );
    if (isBlank) throw new AppError('COLUMNS_REQUIRED');
    throw new AppError('VALIDATION_FAILED', { details: z.flattenError(columns.error) });
  }
  return { source, columns: columns.data, description: description || undefined };
}
