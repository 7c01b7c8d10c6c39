import type { Env } from '../env';
import { allowAnyAddress, isPublicAddress, type AddressPolicy } from './ingest/address-check';
import type { PageReaderSettings } from './ingest/page-reader';
import type { ReadLimits } from './read/types';

const MB = 1024 * 1024;

/** What parsing needs to know, in a value that can be sent to a worker thread. */
export type ParseSettings = {
  limits: ReadLimits;
  pdfMaxBytes: number;
  /** Draw each page of a PDF or image read as a picture for review (job runs only). */
  pagePictures?: boolean;
};

/** Everything reading needs to know from the settings, in one value passed down. */
export type ReadSettings = ParseSettings & {
  maxUploadBytes: number;
  url: {
    isAllowedAddress: AddressPolicy;
    timeoutMs: number;
    maxBytes: number;
    maxRedirects: number;
    pageReader: PageReaderSettings | null;
  };
};

/** Which addresses the server may fetch from or post to: public ones, unless ALLOW_PRIVATE_URLS. */
export function addressPolicyOf(env: Pick<Env, 'ALLOW_PRIVATE_URLS'>): AddressPolicy {
  return env.ALLOW_PRIVATE_URLS ? allowAnyAddress : isPublicAddress;
}

export function readLimitsFromEnv(env: Env): ReadLimits {
  return {
    maxPdfPages: env.PDF_MAX_PAGES,
    maxUncompressedBytes: env.MAX_UNCOMPRESSED_MB * MB,
    maxXmlPartBytes: env.XML_PART_MAX_MB * MB,
    maxXmlElements: env.XML_PART_MAX_ELEMENTS,
    maxHtmlBytes: env.HTML_MAX_MB * MB,
    maxHtmlElements: env.HTML_MAX_ELEMENTS,
    maxCharacters: env.MAX_DOCUMENT_CHARACTERS,
    maxTableRows: env.MAX_TABLE_ROWS,
  };
}

export function readSettingsFromEnv(env: Env): ReadSettings {
  return {
    limits: readLimitsFromEnv(env),
    maxUploadBytes: env.MAX_UPLOAD_MB * MB,
    pdfMaxBytes: env.PDF_MAX_MB * MB,
    url: {
      isAllowedAddress: addressPolicyOf(env),
      timeoutMs: env.URL_FETCH_TIMEOUT_SECONDS * 1000,
      maxBytes: env.URL_MAX_MB * MB,
      maxRedirects: env.URL_MAX_REDIRECTS,
      pageReader: env.PAGE_READER_URL
        ? { baseUrl: env.PAGE_READER_URL, apiKey: env.PAGE_READER_API_KEY }
        : null,
    },
  };
}
