import { z } from 'zod';
import { AppError } from '../../../shared/errors';
import { readRequestSchema } from '../../../shared/read-request';
import type { InputSource } from '../../extraction/ingest/resolve-source';

/** A multipart form's `file` field, or the JSON body's text or url. */
export async function sourceFromRequest(request: Request): Promise<InputSource> {
  const contentType = request.headers.get('content-type') ?? '';
  if (contentType.startsWith('multipart/form-data')) {
    const form = await request.formData().catch((cause: unknown) => {
      throw new AppError('VALIDATION_FAILED', {
        details: { formErrors: ['The upload could not be read.'] },
        cause,
      });
    });
    const file = form.get('file');
    if (!(file instanceof File)) throw new AppError('NO_CONTENT');
    return {
      kind: 'file',
      bytes: new Uint8Array(await file.arrayBuffer()),
      fileName: file.name || null,
      mimeType: file.type || null,
    };
  }
  const json: unknown = await request.json().catch((cause: unknown) => {
    throw new AppError('INVALID_JSON', { cause });
  });
  const parsed = readRequestSchema.safeParse(json);
  if (!parsed.success) throw new AppError('NO_CONTENT', { details: z.flattenError(parsed.error) });
  return 'text' in parsed.data
    ? { kind: 'text', text: parsed.data.text }
    : { kind: 'url', url: parsed.data.url };
}
