import type { SourceType } from '../../../shared/document';
import { AppError } from '../../../shared/errors';
import type { ParseSettings } from '../read-settings';
import { detectFileType, type DetectedType } from './detect-type';
import type { FetchedInput } from './fetch-source';

/** An input turned into bytes with a known type, ready for its reader. */
export type ResolvedSource = {
  sourceType: SourceType;
  bytes: Uint8Array;
  fileName: string | null;
  url: string | null;
  detected: DetectedType;
  warnings: string[];
};

const MB = 1024 * 1024;

/** Text copied from a spreadsheet arrives tab-separated: read it as a table. */
function looksTabSeparated(text: string): boolean {
  const lines = text.split(/\r?\n/).filter((line) => line.trim());
  if (lines.length < 2) return false;
  const tabs = lines.map((line) => line.split('\t').length - 1);
  return tabs[0]! > 0 && tabs.every((count) => count === tabs[0]);
}

function fromText(input: Extract<FetchedInput, { kind: 'text' }>): ResolvedSource {
  // Pasted text is text already: control characters (which cleaning removes anyway) must not
  // make it look like a binary file to the decoder.
  // eslint-disable-next-line no-control-regex -- see above
  const text = input.text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
  const isTsv = looksTabSeparated(text);
  return {
    sourceType: input.sourceType,
    bytes: new TextEncoder().encode(text),
    fileName: null,
    url: input.url,
    detected: isTsv
      ? { reader: 'csv', fileType: 'csv', mimeType: 'text/tab-separated-values' }
      : { reader: 'text', fileType: 'text', mimeType: 'text/markdown' },
    warnings: input.warnings,
  };
}

async function fromBytes(
  input: Extract<FetchedInput, { kind: 'bytes' }>,
  settings: ParseSettings,
): Promise<ResolvedSource> {
  const { bytes } = input;
  const detected = await detectFileType({
    bytes,
    fileName: input.nameForDetection,
    declaredMime: input.mimeType,
  });
  if (detected.reader === 'pdf' && bytes.byteLength > settings.pdfMaxBytes) {
    throw new AppError('PDF_TOO_LARGE', {
      params: { maxMegabytes: Math.round(settings.pdfMaxBytes / MB) },
    });
  }
  return {
    sourceType: input.sourceType,
    bytes,
    fileName: input.fileName,
    url: input.url,
    detected,
    warnings: input.warnings,
  };
}

/** The first step in the read pool: what the input is, decided from its bytes. */
export async function resolveSource(
  input: FetchedInput,
  settings: ParseSettings,
): Promise<ResolvedSource> {
  return input.kind === 'text' ? fromText(input) : fromBytes(input, settings);
}
