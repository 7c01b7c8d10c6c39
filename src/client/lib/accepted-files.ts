import { PLAN } from '../../shared/site';

/**
 * What the file chooser offers: the types the server reads (README "Supported files"), by
 * extension and by MIME type, since browsers and operating systems fill in one or the other.
 */
const ACCEPTED = [
  { extensions: ['pdf'], mimeTypes: ['application/pdf'] },
  {
    extensions: ['docx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  },
  {
    extensions: ['png', 'jpg', 'jpeg', 'webp', 'gif', 'bmp', 'tif', 'tiff'],
    mimeTypes: ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/bmp', 'image/tiff'],
  },
  { extensions: ['txt', 'md', 'markdown'], mimeTypes: ['text/plain', 'text/markdown'] },
  { extensions: ['csv', 'tsv'], mimeTypes: ['text/csv', 'text/tab-separated-values'] },
  {
    extensions: ['xlsx'],
    mimeTypes: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  },
  { extensions: ['html', 'htm'], mimeTypes: ['text/html'] },
  { extensions: ['json'], mimeTypes: ['application/json'] },
] as const;

const EXTENSIONS: readonly string[] = ACCEPTED.flatMap((group) => group.extensions);
const MIME_TYPES: readonly string[] = ACCEPTED.flatMap((group) => group.mimeTypes);

/** The `accept` attribute of the file input. */
export const ACCEPT_ATTRIBUTE = [
  ...EXTENSIONS.map((extension) => `.${extension}`),
  ...MIME_TYPES,
].join(',');

export const PDF_MAX_BYTES = PLAN.pdfMaxMegabytes * 1024 * 1024;

/** SPEC.md section 5, verbatim. */
export const PDF_TOO_LARGE_MESSAGE = `PDF file is too large. Maximum size is ${PLAN.pdfMaxMegabytes}MB.`;

type FileLike = { name: string; type: string; size: number };

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isPdfFile(file: FileLike): boolean {
  return file.type === 'application/pdf' || extensionOf(file.name) === 'pdf';
}

const IMAGE_EXTENSIONS: readonly string[] = [
  'png',
  'jpg',
  'jpeg',
  'webp',
  'gif',
  'bmp',
  'tif',
  'tiff',
];

/** Whether the type or the name says it is a picture (for a thumbnail; the server checks the bytes). */
export function isImageFile(file: FileLike): boolean {
  return file.type.startsWith('image/') || IMAGE_EXTENSIONS.includes(extensionOf(file.name));
}

/** Whether the name or the type says it is a file the server reads (the server checks the bytes). */
export function isAcceptedFile(file: FileLike): boolean {
  return EXTENSIONS.includes(extensionOf(file.name)) || MIME_TYPES.includes(file.type);
}

/**
 * What is wrong with a chosen file before it is sent, or null. Only what the browser can know:
 * the name, the declared type and the size.
 */
export function fileProblem(file: FileLike, supportedSentence: string): string | null {
  if (file.size === 0) return `Failed to process file: ${file.name} is empty.`;
  if (!isAcceptedFile(file))
    return `Failed to process file: ${file.name} is not a supported type. ${supportedSentence}`;
  if (isPdfFile(file) && file.size > PDF_MAX_BYTES) return PDF_TOO_LARGE_MESSAGE;
  return null;
}

/** "820 B", "12.4 KB", "3.1 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
