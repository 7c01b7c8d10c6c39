import { AppError } from '../../shared/errors';
import type { InputSource } from '../extraction/ingest/resolve-source';

export function isMultipart(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
}

/** The multipart form of a request, or VALIDATION_FAILED when it cannot be read. */
export async function readForm(request: Request): Promise<FormData> {
  return request.formData().catch((cause: unknown) => {
    throw new AppError('VALIDATION_FAILED', {
      details: { formErrors: ['The upload could not be read.'] },
      cause,
    });
  });
}

/** The JSON body of a request, or INVALID_JSON. */
export async function readJson(request: Request): Promise<unknown> {
  return request.json().catch((cause: unknown) => {
    throw new AppError('INVALID_JSON', { cause });
  }) as Promise<unknown>;
}

/** An uploaded file as an input source, or null when the form has none. */
export async function fileSource(form: FormData): Promise<InputSource | null> {
  const file = form.get('file');
  if (!(file instanceof File)) return null;
  return {
    kind: 'file',
    bytes: new Uint8Array(await file.arrayBuffer()),
    fileName: file.name || null,
    mimeType: file.type || null,
  };
}
