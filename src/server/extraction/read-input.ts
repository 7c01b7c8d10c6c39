import type { DocumentJson } from '../../shared/document';
import { fetchSource, type InputSource } from './ingest/fetch-source';
import type { ReadPool } from './read/pool/read-pool';
import type { ServerDocument } from './read/types';
import type { ReadSettings } from './read-settings';

export type ReadInputOptions = {
  source: InputSource;
  settings: ReadSettings;
  pool: ReadPool;
  signal?: AbortSignal;
  /** Called as each page of a PDF is read. */
  onPage?: (page: number, pages: number) => void;
  /** Keep each page read (PDFs, images) as a picture for review: job runs ask for it. */
  pagePictures?: boolean;
};

/**
 * Ingest and read: any input becomes one Document, or an AppError that says what went wrong.
 * The web thread checks sizes and fetches web addresses; the content is parsed in the read pool.
 */
export async function readInput(options: ReadInputOptions): Promise<ServerDocument> {
  const { settings, signal, onPage } = options;
  const input = await fetchSource(options.source, settings, signal);
  const pagePictures = options.pagePictures ?? false;
  return options.pool.read(
    {
      input,
      settings: { limits: settings.limits, pdfMaxBytes: settings.pdfMaxBytes, pagePictures },
    },
    { signal, onPage },
  );
}

/**
 * The Document as JSON: image bytes become data URLs when asked for, otherwise stay out; page
 * pictures never go in.
 */
export function toDocumentJson(
  document: ServerDocument,
  imageMode: 'none' | 'data-url' = 'none',
): DocumentJson {
  const { pictures: _pictures, ...rest } = document;
  return {
    ...rest,
    images: document.images.map(({ bytes, ...image }) =>
      imageMode === 'data-url'
        ? {
            ...image,
            dataUrl: `data:${image.mimeType};base64,${Buffer.from(bytes).toString('base64')}`,
          }
        : image,
    ),
  };
}
