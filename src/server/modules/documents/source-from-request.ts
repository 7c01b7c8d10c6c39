import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { readRequestSchema } from '../../../shared/read-request';
import type { InputSource } from '../../extraction/ingest/fetch-source';
import type { MultipartForm } from '../../http/multipart';
import { fileSource, isMultipart, readForm, readJson, textField } from '../../http/request-body';

/** A multipart form's `text` or `url` field, as the JSON body would carry it. */
function formFields(form: MultipartForm): unknown {
  const text = textField(form);
  if (text !== undefined) return { text };
  const url = form.fields.get('url');
  return url === undefined ? {} : { url };
}

/**
 * A multipart form's `file` (or its `text` or `url` field: long pasted text comes this way), or
 * the JSON body's text or url.
 */
export async function sourceFromRequest(request: Request): Promise<InputSource> {
  let body: unknown;
  if (isMultipart(request)) {
    const form = await readForm(request);
    const file = fileSource(form);
    if (file) return file;
    body = formFields(form);
  } else body = await readJson(request);
  const parsed = readRequestSchema.safeParse(body);
  if (!parsed.success) throw new AppError('NO_CONTENT', { details: z.flattenError(parsed.error) });
  return 'text' in parsed.data
    ? { kind: 'text', text: parsed.data.text }
    : { kind: 'url', url: parsed.data.url };
}
