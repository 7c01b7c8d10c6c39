import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import busboy from 'busboy';
import { AppError } from '../../shared/errors';
import { cleanDocumentName } from '../../shared/document-name';

export type UploadedFile = {
  field: string;
  fileName: string | null;
  mimeType: string | null;
  bytes: Uint8Array;
};

/** A multipart form: its text fields (the first value of each) and its files, in order. */
export type MultipartForm = { fields: Map<string, string>; files: UploadedFile[] };

function unreadable(cause?: unknown): AppError {
  return new AppError('VALIDATION_FAILED', {
    details: { formErrors: ['The upload could not be read.'] },
    cause,
  });
}

/**
 * Reads a multipart body as it streams in: each chunk is scanned as it arrives, so a large upload
 * never holds the thread for long (parsing a whole 25 MB body at once does, for hundreds of
 * milliseconds). File contents are kept as bytes, untouched.
 */
export function readMultipart(request: Request): Promise<MultipartForm> {
  const body = request.body;
  if (!body) return Promise.reject(unreadable());
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { 'content-type': request.headers.get('content-type') ?? '' },
        defParamCharset: 'utf8',
        // A field (pasted text) may be as large as the route's cap on the whole body; busboy
        // would otherwise cut it at 1 MB without a word. Fields holding JSON are checked apart.
        limits: { fieldSize: Number.POSITIVE_INFINITY },
      });
    } catch (cause) {
      reject(unreadable(cause));
      return;
    }
    const form: MultipartForm = { fields: new Map(), files: [] };
    const pending: Promise<void>[] = [];
    parser.on('field', (name, value) => {
      if (!form.fields.has(name)) form.fields.set(name, value);
    });
    parser.on('file', (field, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      pending.push(
        new Promise<void>((done) =>
          stream.on('end', () => {
            form.files.push({
              field,
              fileName: cleanDocumentName(info.filename ?? '') || null,
              mimeType:
                info.mimeType && info.mimeType !== 'application/octet-stream'
                  ? info.mimeType
                  : null,
              bytes: new Uint8Array(Buffer.concat(chunks)),
            });
            done();
          }),
        ),
      );
    });
    parser.on('error', (cause) => reject(unreadable(cause)));
    parser.on('close', () => {
      void Promise.all(pending).then(() => resolve(form));
    });
    Readable.fromWeb(body as WebReadableStream<Uint8Array>)
      .on('error', (cause) => reject(unreadable(cause)))
      .pipe(parser);
  });
}
