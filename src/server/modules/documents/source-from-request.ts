import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { readRequestSchema } from '../../../shared/read-request';
import type { InputSource } from '../../extraction/ingest/fetch-source';
import { fileSource, isMultipart, readForm, readJson } from '../../http/request-body';

/** A multipart form's `file` field, or the JSON body's text or url. */
export async function sourceFromRequest(request: Request): Promise<InputSource> {
  if (isMultipart(request)) {
    const source = fileSource(await readForm(request));
    if (!source) throw new AppError('NO_CONTENT');
    return source;
  }
  const parsed = readRequestSchema.safeParse(await readJson(request));
  if (!parsed.success) throw new AppError('NO_CONTENT', { details: z.flattenError(parsed.error) });
  return 'text' in parsed.data
    ? { kind: 'text', text: parsed.data.text }
    : { kind: 'url', url: parsed.data.url };
}
