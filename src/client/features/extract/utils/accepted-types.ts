/**
 * The file types the converter offers and the checks the first view needs (the chooser's
 * `accept`, whether a file is a PDF); the rest of the checks (accepted-files.ts) load on use.
 */
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

export const EXTENSIONS: readonly string[] = ACCEPTED.flatMap((group) => group.extensions);
export const MIME_TYPES: readonly string[] = ACCEPTED.flatMap((group) => group.mimeTypes);

/** The `accept` attribute of the file input. */
export const ACCEPT_ATTRIBUTE = [
  ...EXTENSIONS.map((extension) => `.${extension}`),
  ...MIME_TYPES,
].join(',');

export type FileLike = { name: string; type: string; size: number };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

export function isPdfFile(file: FileLike): boolean {
  return file.type === 'application/pdf' || extensionOf(file.name) === 'pdf';
}
