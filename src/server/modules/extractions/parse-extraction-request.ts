import { z } from 'zod';
import type { ColumnDefinition } from '../../../shared/columns';
import { AppError } from '../../../shared/errors';
import { extractionRequestSchema } from '../../../shared/extraction-request';
import type { InputSource } from '../../extraction/ingest/fetch-source';
import { checkJsonField } from '../../http/json-shape';
import { fileSource, isMultipart, readForm, readJson, textField } from '../../http/request-body';
import type { TemplateLookup } from '../extractors/template-columns';
import { runColumns } from '../jobs/run-columns';

export type ParsedExtractionRequest = {
  source: InputSource;
  columns: ColumnDefinition[];
  description: string | undefined;
  /** Whether a stored result of the same input may be given again (the `cache` field). */
  useCache: boolean;
};

/** A form field's `true` or `false`; anything else is left for validation to refuse. */
function booleanField(value: string | undefined): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

function parseJsonField(value: string | undefined, maxJsonKilobytes: number): unknown {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  checkJsonField(value, maxJsonKilobytes);
  try {
    return JSON.parse(value) as unknown;
  } catch (cause) {
    throw new AppError('VALIDATION_FAILED', {
      details: { fieldErrors: { columns: ['Columns must be a JSON array.'] } },
      cause,
    });
  }
}

async function bodyOf(
  request: Request,
  maxJsonKilobytes: number,
): Promise<{ fields: unknown; file: InputSource | null }> {
  if (!isMultipart(request)) return { fields: await readJson(request), file: null };
  const form = await readForm(request);
  const text = (name: string) => form.fields.get(name);
  return {
    fields: {
      text: textField(form),
      url: text('url'),
      template: text('template'),
      description: text('description'),
      columns: parseJsonField(form.fields.get('columns'), maxJsonKilobytes),
      cache: booleanField(text('cache')),
    },
    file: fileSource(form),
  };
}

/**
 * Reads content, columns and description from JSON or multipart (whose `columns` field may weigh
 * what a JSON body may, BODY_LIMIT_KB); SPEC.md's messages on failure.
 */
export async function parseExtractionRequest(
  request: Request,
  lookup: TemplateLookup,
  maxJsonKilobytes: number,
): Promise<ParsedExtractionRequest> {
  const { fields, file } = await bodyOf(request, maxJsonKilobytes);
  const parsed = extractionRequestSchema.safeParse(fields);
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', { details: z.flattenError(parsed.error) });
  const { text, url, template, description } = parsed.data;

  let source: InputSource | null = file;
  if (!source && url) source = { kind: 'url', url };
  else if (!source && text !== undefined && text.trim() !== '') source = { kind: 'text', text };

  if (!source) throw new AppError('EXTRACTION_INPUT_REQUIRED');
  const run = await runColumns(parsed.data.columns, template, lookup);
  if (!run) throw new AppError('EXTRACTION_INPUT_REQUIRED');
  return {
    source,
    columns: run.columns,
    description: description || run.description,
    useCache: parsed.data.cache !== false,
  };
}
