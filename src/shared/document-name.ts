/**
 * Characters that reorder how text is shown without being seen: the bidirectional embeddings,
 * overrides and isolates, and the direction marks. In a name they can make `invoice‮fdp.exe`
 * read as `invoiceexe.pdf`, so names keep none.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const OTHER_CONTROLS = /[\u0000-\u001F\u007F-\u009F]/g;

/** The longest document name kept, in characters (as file systems allow). */
export const MAX_DOCUMENT_NAME_CHARACTERS = 255;

/**
 * A document's name as it may be stored and shown: without bidi and other control characters,
 * its spaces collapsed, and at most 255 characters (a longer one keeps its extension after an
 * ellipsis). Empty when nothing is left: the caller names it.
 */
export function cleanDocumentName(raw: string): string {
  const name = raw
    .replace(BIDI_CONTROLS, '')
    .replace(OTHER_CONTROLS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(name);
  if (characters.length <= MAX_DOCUMENT_NAME_CHARACTERS) return name;
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(name)?.[0] ?? '';
  const head = characters.slice(0, MAX_DOCUMENT_NAME_CHARACTERS - 1 - extension.length);
  return `${head.join('').trimEnd()}…${extension}`;
}
