import { z } from 'zod';
import type { ColumnDefinition } from '../../../shared/columns';
import { AppError } from '../../../shared/errors';
import { extractionRequestSchema } from '../../../shared/extraction-request';
import { recordDefinitionSchema, type Rule } from '../../../shared/records';
import type { InputSource } from '../../extraction/ingest/fetch-source';
import { checkJsonField } from '../../http/json-shape';
import { fileSource, isMultipart, readForm, readJson, textField } from '../../http/request-body';
import type { TemplateLookup } from '../extractors/template-columns';
import { runColumns } from '../jobs/run-columns';

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
 * Reads content, columns and description from JSON or multipart (whose `columns` field may weigh
 * what a JSON body may, BODY_LIMIT_KB); SPEC.md's messages on failure.
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
  const record = await recordOf(parsed.data, lookup);
  if (!record) throw new AppError('EXTRACTION_INPUT_REQUIRED');
  return {
    source,
    ...record,
    description: description || record.description,
    useCache: parsed.data.cache !== false,
  };
}

type NamedRecord = {
  columns: ColumnDefinition[];
  fields?: ColumnDefinition[] | undefined;
  rules?: Rule[] | undefined;
  description?: string | undefined;
};

/**
 * The columns, fields and rules of a run: those given, or the template's (its rules unless the
 * request gives its own); null when nothing names any. A run without fields or rules is checked
 * as before records (runColumns); one with them as a whole (recordDefinitionSchema): rules must
 * name fields and columns that exist.
 */
async function recordOf(
  given: {
    columns?: unknown[] | undefined;
    fields?: ColumnDefinition[] | undefined;
    rules?: Rule[] | undefined;
    template?: string | undefined;
  },
  lookup: TemplateLookup,
): Promise<Omit<ParsedExtractionRequest, 'source' | 'useCache'> | null> {
  const isGiven = given.columns !== undefined || given.fields !== undefined;
  // A template's fields and rules, where the lookup gives them (built-in records, extractors).
  const named: NamedRecord | undefined =
    !isGiven && given.template ? await lookup(given.template) : undefined;
  if (!isGiven && !named) return null;
  const definition = named
    ? { columns: named.columns, fields: named.fields, rules: given.rules ?? named.rules }
    : { columns: given.columns, fields: given.fields, rules: given.rules };
  const description = named?.description;
  if (!definition.fields?.length && !definition.rules?.length) {
    const run = await runColumns(definition.columns ?? [], undefined, lookup);
    return run && { columns: run.columns, fields: [], rules: [], description };
  }
  const parsed = recordDefinitionSchema.safeParse({
    columns: definition.columns ?? [],
    fields: definition.fields ?? [],
    rules: definition.rules ?? [],
  });
  if (parsed.success) return { ...parsed.data, description };
  if (parsed.error.issues.some((issue) => issue.code === 'custom' && issue.path[0] === 'columns'))
    throw new AppError('COLUMNS_REQUIRED');
  throw new AppError('VALIDATION_FAILED', { details: z.flattenError(parsed.error) });
}
