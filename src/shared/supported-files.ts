/**
 * What the converter accepts, in the words every "unsupported file" message uses. Kept apart
 * from the zod schemas so the browser can show it without loading zod.
 */
export const SUPPORTED_FILES_SENTENCE =
  'Supported files: PDF, Word (.docx), images (PNG, JPEG, WebP, GIF, BMP, TIFF), plain text and Markdown, CSV and TSV, Excel (.xlsx), HTML and JSON.';
