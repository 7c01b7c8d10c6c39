import type { Env } from '../env';
import { allowAnyAddress, isPublicAddress, type AddressPolicy } from './ingest/address-check';
import type { PageReaderSettings } from './ingest/page-reader';
import type { ReadLimits } from './read/types';

const MB = 1024 * 1024;

/** Everything reading needs to know from the settings, in one value passed down. */
export type ReadSettings = {
  limits: ReadLimits;
  maxUploadBytes: number;
  pdfMaxBytes: number;
  timeoutMs: number;
  url: {
    isAllowedAddress: AddressPolicy;
    timeoutMs: number;
    maxBytes: number;
    maxRedirects: number;
    pageReader: PageReaderSettings | null;
  };
};

export function readSettingsFromEnv(env: Env): ReadSettings {
  return {
    limits: {
      maxPdfPages: env.PDF_MAX_PAGES,
      maxUncompressedBytes: env.MAX_UNCOMPRESSED_MB * MB,
      maxCharacters: env.MAX_DOCUMENT_CHARACTERS,
      maxTableRows: env.MAX_TABLE_ROWS,
    },
    maxUploadBytes: env.MAX_UPLOAD_MB * MB,
    pdfMaxBytes: env.PDF_MAX_MB * MB,
    timeoutMs: env.READ_TIMEOUT_SECONDS * 1000,
    url: {
      isAllowedAddress: env.ALLOW_PRIVATE_URLS ? allowAnyAddress : isPublicAddress,
      timeoutMs: env.URL_FETCH_TIMEOUT_SECONDS * 1000,
      maxBytes: env.URL_MAX_MB * MB,
      maxRedirects: env.URL_MAX_REDIRECTS,
      pageReader: env.PAGE_READER_URL
        ? { baseUrl: env.PAGE_READER_URL, apiKey: env.PAGE_READER_API_KEY }
        : null,
    },
  };
}
