import { fileTypeFromBuffer } from 'file-type';
import type { FileType } from '../../../shared/document';
import {
  PROGRAM_KINDS,
  PROGRAM_SNIFF_BYTES,
  programKindOf,
  type ProgramKind,
} from '../../../shared/program-files';
import { SUPPORTED_FILES_SENTENCE } from '../../../shared/supported-files';
import { AppError } from '../../../shared/errors';
import { utf16TextEncoding } from '../read/decode-text';

/** Which reader a file goes to. */
export type ReaderKind = 'pdf' | 'docx' | 'xlsx' | 'image' | 'csv' | 'text' | 'html' | 'json';

export type DetectedType = {
  reader: ReaderKind;
  fileType: FileType;
  mimeType: string;
};

const BINARY_TYPES: Record<string, DetectedType> = {
  'application/pdf': { reader: 'pdf', fileType: 'pdf', mimeType: 'application/pdf' },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    reader: 'docx',
    fileType: 'word',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
    reader: 'xlsx',
    fileType: 'spreadsheet',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  },
  ...Object.fromEntries(
    ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/bmp', 'image/tiff'].map(
      (mime) => [mime, { reader: 'image', fileType: 'image', mimeType: mime }],
    ),
  ),
};

/** What a file's name says it is; used to judge whether the content was mislabelled. */
const EXTENSION_FAMILIES: Record<string, string> = {
  pdf: 'a PDF',
  docx: 'a Word document',
  doc: 'a Word document',
  xlsx: 'an Excel workbook',
  xls: 'an Excel workbook',
  png: 'an image',
  jpg: 'an image',
  jpeg: 'an image',
  webp: 'an image',
  gif: 'an image',
  bmp: 'an image',
  tif: 'an image',
  tiff: 'an image',
  csv: 'text',
  tsv: 'text',
  txt: 'text',
  md: 'text',
  markdown: 'text',
  html: 'text',
  htm: 'text',
  json: 'text',
};

const READER_FAMILIES: Record<ReaderKind, string> = {
  pdf: 'a PDF',
  docx: 'a Word document',
  xlsx: 'an Excel workbook',
  image: 'an image',
  csv: 'text',
  text: 'text',
  html: 'text',
  json: 'text',
};

/**
 * Programs that file-type recognises inside an archive, beyond the executables programKindOf
 * finds by their first bytes: Java and Android apps, Linux packages.
 */
const PROGRAM_PACKAGES: Record<string, ProgramKind> = {
  'application/java-archive': 'java',
  'application/vnd.android.package-archive': 'android',
  'application/x-deb': 'package',
  'application/x-rpm': 'package',
};

function programError(fileName: string | null, kind: ProgramKind): AppError {
  return new AppError('FILE_IS_PROGRAM', {
    params: {
      fileName: fileName || 'it',
      program: PROGRAM_KINDS[kind],
      supported: SUPPORTED_FILES_SENTENCE,
    },
  });
}

function describeUnknown(ext: string | undefined, mime: string | undefined): string {
  if (mime === 'application/x-cfb')
    return 'an old Office file (.doc or .xls); please save it as .docx or .xlsx';
  if (ext) return `a .${ext} file`;
  return 'a file of a kind we cannot recognise';
}

/** Formats we read whose files are recognised by their first bytes, not by their name. */
const BINARY_FAMILIES = new Set(['a PDF', 'a Word document', 'an Excel workbook', 'an image']);

/**
 * A file named like a format we read whose bytes are no known format: damaged (cut short, or
 * its start overwritten), not of a type we lack, so the list of supported files would mislead.
 */
function damagedError(fileName: string, claimed: string): AppError {
  return new AppError('FILE_PROCESSING_FAILED', {
    params: {
      message: `${fileName} looks damaged: it is named like ${claimed}, but its content cannot be read as one.`,
    },
  });
}

function extensionOf(fileName: string | null): string {
  const match = /\.([a-z0-9]+)$/i.exec(fileName ?? '');
  return match?.[1]?.toLowerCase() ?? '';
}

function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 8192);
  if (sample.length === 0) return false;
  const hasUtf16Bom =
    (sample[0] === 0xff && sample[1] === 0xfe) || (sample[0] === 0xfe && sample[1] === 0xff);
  if (hasUtf16Bom) return false;
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 9 || (byte > 13 && byte < 32)) control += 1;
  }
  return control / sample.length > 0.05;
}

/** Text formats are told apart by the name first, then by what the content looks like. */
function detectTextType(
  bytes: Uint8Array,
  extension: string,
  declaredMime: string,
  encoding = 'utf-8',
): DetectedType {
  const head = new TextDecoder(encoding)
    .decode(bytes.subarray(0, 2048))
    .replace(/^\uFEFF/, '')
    .trimStart();
  const text = (reader: ReaderKind, fileType: FileType, mimeType: string) => ({
    reader,
    fileType,
    mimeType,
  });
  if (extension === 'csv' || declaredMime === 'text/csv') return text('csv', 'csv', 'text/csv');
  if (extension === 'tsv' || declaredMime === 'text/tab-separated-values')
    return text('csv', 'csv', 'text/tab-separated-values');
  if (
    extension === 'json' ||
    declaredMime === 'application/json' ||
    (/^[[{]/.test(head) && isJson(bytes, encoding))
  )
    return text('json', 'text', 'application/json');
  if (
    ['html', 'htm'].includes(extension) ||
    declaredMime === 'text/html' ||
    /^(<!doctype html|<html[\s>])/i.test(head)
  )
    return text('html', 'html', 'text/html');
  if (['md', 'markdown'].includes(extension) || declaredMime === 'text/markdown')
    return text('text', 'text', 'text/markdown');
  return text('text', 'text', 'text/plain');
}

function isJson(bytes: Uint8Array, encoding: string): boolean {
  try {
    JSON.parse(new TextDecoder(encoding).decode(bytes));
    return true;
  } catch {
    return false;
  }
}

/** What file-type recognises by single bytes, not by a signature text cannot hold. */
const WEAK_SIGNATURES = new Set(['video/mp2t']);

/**
 * Decides how to read a file from its bytes; the name and declared type only tell text formats
 * apart and catch a mislabelled file. Unsupported or mislabelled files get a message that lists
 * what is supported.
 */
export async function detectFileType(options: {
  bytes: Uint8Array;
  fileName: string | null;
  declaredMime?: string | null;
}): Promise<DetectedType> {
  const { bytes } = options;
  const fileName = options.fileName ?? 'The file';
  const extension = extensionOf(options.fileName);
  const declaredMime = (options.declaredMime ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  const program = programKindOf(bytes.subarray(0, PROGRAM_SNIFF_BYTES));
  if (program) throw programError(options.fileName, program);
  let sniffed = await fileTypeFromBuffer(bytes);
  // file-type calls anything starting with "MZ" a Windows program; programKindOf, which found
  // none, looks closer, so such a file is judged as text (or refused as binary) below.
  if (sniffed?.mime === 'application/x-msdownload') sniffed = undefined;
  // Some formats file-type knows by one byte at two places, which text holds by chance (a
  // receipt's "107\nGERBANG…" has the "G" of an MPEG transport stream at offset 4, and another
  // at 196): text that looks like text is judged as text below.
  if (sniffed && WEAK_SIGNATURES.has(sniffed.mime) && !looksBinary(bytes)) sniffed = undefined;
  const packaged = sniffed ? PROGRAM_PACKAGES[sniffed.mime] : undefined;
  if (packaged) throw programError(options.fileName, packaged);
  // UTF-16 text can look like a binary format (FF FE starts an MPEG audio frame) or hold zeros.
  const utf16 = sniffed && BINARY_TYPES[sniffed.mime] ? null : utf16TextEncoding(bytes);

  let detected: DetectedType | undefined;
  if (sniffed && !utf16) {
    detected = BINARY_TYPES[sniffed.mime];
    if (!detected && !sniffed.mime.startsWith('text/') && sniffed.mime !== 'application/xml') {
      throw new AppError('UNSUPPORTED_FILE_TYPE', {
        params: {
          fileName,
          detected: describeUnknown(sniffed.ext, sniffed.mime),
          supported: SUPPORTED_FILES_SENTENCE,
        },
      });
    }
  }
  if (!detected) {
    if (!utf16 && looksBinary(bytes)) {
      const claimed = EXTENSION_FAMILIES[extension];
      if (claimed && BINARY_FAMILIES.has(claimed)) throw damagedError(fileName, claimed);
      throw new AppError('UNSUPPORTED_FILE_TYPE', {
        params: {
          fileName,
          detected: describeUnknown(extension || undefined, undefined),
          supported: SUPPORTED_FILES_SENTENCE,
        },
      });
    }
    detected = detectTextType(bytes, extension, declaredMime, utf16 ?? undefined);
  }

  const claimed = EXTENSION_FAMILIES[extension];
  if (claimed && claimed !== READER_FAMILIES[detected.reader]) {
    throw new AppError('FILE_TYPE_MISMATCH', {
      params: {
        fileName,
        claimed,
        detected: READER_FAMILIES[detected.reader],
        supported: SUPPORTED_FILES_SENTENCE,
      },
    });
  }
  return detected;
}
