import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { jobRequestSchema } from '../../../shared/jobs';
import type { InputSource } from '../../extraction/ingest/fetch-source';
import { checkJsonField } from '../../http/json-shape';
import { isMultipart, readForm, readJson } from '../../http/request-body';
import type { NewJob } from './create-job';
import type { TemplateLookup } from '../extractors/template-columns';
import { runDefinition } from './run-columns';

function parseRequestPart(value: string | undefined, maxJsonKilobytes: number): unknown {
  if (value === undefined || !value.trim()) return {};
  checkJsonField(value, maxJsonKilobytes);
  try {
    return JSON.parse(value) as unknown;
  } catch (cause) {
    throw new AppError('VALIDATION_FAILED', {
      details: { fieldErrors: { request: ['The request part must be JSON.'] } },
      cause,
    });
  }
}

async function bodyOf(
  request: Request,
  maxJsonKilobytes: number,
): Promise<{ body: unknown; files: InputSource[] }> {
  if (!isMultipart(request)) return { body: await readJson(request), files: [] };
  const form = await readForm(request);
  const files = form.files
    .filter((file) => file.field === 'file')
    .map((file): InputSource => ({
      kind: 'file',
      bytes: file.bytes,
      fileName: file.fileName,
      mimeType: file.mimeType,
    }));
  return { body: parseRequestPart(form.fields.get('request'), maxJsonKilobytes), files };
}

/**
 * POST /api/jobs: JSON `{ columns, fields?, rules?, template?, description?, inputs }`, or multipart with `file`
 * parts and a `request` part holding that JSON (its inputs then optional). Files come first, in
 * the order sent, then the inputs. The `request` part may weigh what a JSON body may
 * (BODY_LIMIT_KB): long text comes as `file` parts.
 */
export async function parseJobRequest(
  request: Request,
  lookup: TemplateLookup,
  maxJsonKilobytes: number,
): Promise<NewJob> {
  const { body, files } = await bodyOf(request, maxJsonKilobytes);
  const parsed = jobRequestSchema.safeParse(body);
  if (!parsed.success)
    throw new AppError('VALIDATION_FAILED', { details: z.flattenError(parsed.error) });
  const {
    columns,
    fields,
    rules,
    template,
    description,
    inputs = [],
    webhook_url,
    cache,
  } = parsed.data;
  const sources = [
    ...files,
    ...inputs.map((input): InputSource =>
      'text' in input
        ? { kind: 'text', text: input.text, ...(input.name ? { name: input.name } : {}) }
        : { kind: 'url', url: input.url },
    ),
  ];
  if (sources.length === 0) throw new AppError('EXTRACTION_INPUT_REQUIRED');
  const run = await runDefinition({ columns, fields, rules }, template, lookup);
  if (!run) throw new AppError('EXTRACTION_INPUT_REQUIRED');
  return {
    columns: run.columns,
    fields: run.fields,
    rules: run.rules,
    description: description || run.description,
    template,
    inputs: sources,
    webhookUrl: webhook_url,
    useCache: cache !== false,
  };
}
