import { z } from 'zod';
import type { ColumnDefinition } from '../../../shared/columns';
import { AppError } from '../../../shared/errors';
import { extractionRequestSchema } from '../../../shared/extraction-request';
import type { Rule } from '../../../shared/records';
import type { InputSource } from '../../extraction/ingest/fetch-source';
import { checkJsonField } from '../../http/json-shape';
import { fileSource, isMultipart, readForm, readJson, textField } from '../../http/request-body';
import type { TemplateLookup } from '../extractors/template-columns';
import { runDefinition } from '../jobs/run-columns';

export type ParsedExtractionRequest = {
  source: InputSource;
  columns: ColumnDefinition[];
  /** The document's own fields and the rules checked on them (issue 31); empty when none. */
  fields: ColumnDefinition[];
  rules: Rule[];
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

const JSON_FIELD_NAMES = { columns: 'Columns', fields: 'Fields', rules: 'Rules' } as const;

function parseJsonField(
  name: keyof typeof JSON_FIELD_NAMES,
  value: string | undefined,
  maxJsonKilobytes: number,
): unknown {
  if (typeof value !== 'string' || !value.trim()) return undefined;
  checkJsonField(value, maxJsonKilobytes);
  try {
    return JSON.parse(value) as unknown;
  } catch (cause) {
    throw new AppError('VALIDATION_FAILED', {
      details: { fieldErrors: { [name]: [`${JSON_FIELD_NAMES[name]} must be a JSON array.`] } },
      cause,
    });
  }
}

async function bodyOf(
  request: Request,
  maxJsonKilobytes: number,
): Promise<{ body: unknown; file: InputSource | null }> {
  if (!isMultipart(request)) return { body: await readJson(request), file: null };
  const form = await readForm(request);
  const text = (name: string) => form.fields.get(name);
  return {
    body: {
      text: textField(form),
      url: text('url'),
      template: text('template'),
      description: text('description'),
      columns: parseJsonField('columns', form.fields.get('columns'), maxJsonKilobytes),
      fields: parseJsonField('fields', form.fields.get('fields'), maxJsonKilobytes),
      rules: parseJsonField('rules', form.fields.get('rules'), maxJsonKilobytes),
      cache: booleanField(text('cache')),
    },
    file: fileSource(form),
  };
}

/**
 * Reads content, columns, fields, rules and description from JSON or multipart (whose `columns`,
 * `fields` and `rules` may each weigh what a JSON body may, BODY_LIMIT_KB), the definition
 * checked whole (runDefinition); SPEC.md's messages on failure.
 */
export async function parseExtractionRequest(
  request: Request,
  lookup: TemplateLookup,
  maxJsonKilobytes: number,
): Promise<ParsedExtractionRequest> {
  const { body, file } = await bodyOf(request, maxJsonKilobytes);
  const parsed = extractionRequestSchema.safeParse(body);
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', { details: z.flattenError(parsed.error) });
  const { text, url, description } = parsed.data;

  let source: InputSource | null = file;
  if (!source && url) source = { kind: 'url', url };
  else if (!source && text !== undefined && text.trim() !== '') source = { kind: 'text', text };

  if (!source) throw new AppError('EXTRACTION_INPUT_REQUIRED');
  const { columns, fields, rules, template } = parsed.data;
  const run = await runDefinition({ columns, fields, rules }, template, lookup);
  if (!run) throw new AppError('EXTRACTION_INPUT_REQUIRED');
  return {
    source,
    columns: run.columns,
    fields: run.fields,
    rules: run.rules,
    description: description || run.description,
    useCache: parsed.data.cache !== false,
  };
}
