import { AppError } from '../../shared/errors';
import type { InputSource } from '../extraction/ingest/fetch-source';
import { readMultipart, type MultipartForm } from './multipart';

export function isMultipart(request: Request): boolean {
  return (request.headers.get('content-type') ?? '').startsWith('multipart/form-data');
}

/** The multipart form of a request, or VALIDATION_FAILED when it cannot be read. */
export function readForm(request: Request): Promise<MultipartForm> {
  return readMultipart(request);
}

/** The JSON body of a request, or INVALID_JSON. */
export async function readJson(request: Request): Promise<unknown> {
  return request.json().catch((cause: unknown) => {
    throw new AppError('INVALID_JSON', { cause });
  }) as Promise<unknown>;
}

/**
 * A form's pasted `text` field with the line breaks it was typed with: a browser's FormData sends
 * every line break as CRLF (HTML's form encoding), so the same text sent as JSON and as a form
 * reads, and is cached, the same.
 */
export function textField(form: MultipartForm): string | undefined {
  return form.fields.get('text')?.replace(/\r\n/g, '\n');
}

/** The form's (first) `file` as an input source, or null when the form has none. */
export function fileSource(form: MultipartForm): InputSource | null {
  const file = form.files.find((candidate) => candidate.field === 'file');
  if (!file) return null;
  return { kind: 'file', bytes: file.bytes, fileName: file.fileName, mimeType: file.mimeType };
}
