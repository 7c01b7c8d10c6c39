import type { Attachment, ParsedMail } from 'mailparser';
import { cleanDocumentName } from '../../../shared/document-name';
import type { InputSource } from '../../extraction/ingest/fetch-source';

/** The file names and types we read (shared/supported-files.ts says the same in words). */
const SUPPORTED_EXTENSIONS = new Set(
  'pdf docx xlsx png jpg jpeg webp gif bmp tif tiff csv tsv txt md markdown html htm json'.split(
    ' ',
  ),
);
const SUPPORTED_TYPES =
  /^(application\/(pdf|json|vnd\.openxmlformats-officedocument\.(wordprocessingml\.document|spreadsheetml\.sheet))|image\/(png|jpeg|webp|gif|bmp|tiff)|text\/(plain|csv|tab-separated-values|markdown|html))$/i;

/** A table in an HTML body: the data is in the mail itself. */
const HTML_TABLE = /<table[\s>]/i;

export type MailInputs = { inputs: InputSource[]; skipped: string[] };

function extensionOf(name: string): string {
  return /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
}

/**
 * Whether an attachment is worth reading, by what its name and declared type say. This is only
 * a first sieve: its bytes are checked in the read pool like any upload's, so a program named
 * .pdf still fails as one.
 */
function isSupported(attachment: Attachment): boolean {
  const name = attachment.filename ?? '';
  return (
    SUPPORTED_EXTENSIONS.has(extensionOf(name)) || SUPPORTED_TYPES.test(attachment.contentType)
  );
}

function fileOf(attachment: Attachment): InputSource {
  return {
    kind: 'file',
    bytes: new Uint8Array(attachment.content),
    fileName: cleanDocumentName(attachment.filename ?? '') || null,
    mimeType: attachment.contentType || null,
  };
}

/**
 * The documents of a mail: each attachment of a supported type (not the pictures a signature
 * shows inline), then the body when it holds the data: an HTML body with a table, or, when there
 * is nothing else to read, the text body.
 */
export function mailInputs(mail: ParsedMail): MailInputs {
  const skipped: string[] = [];
  const inputs: InputSource[] = [];
  for (const attachment of mail.attachments) {
    if (attachment.related) continue;
    if (isSupported(attachment)) inputs.push(fileOf(attachment));
    else skipped.push(attachment.filename ?? attachment.contentType);
  }
  const html = typeof mail.html === 'string' ? mail.html : '';
  if (HTML_TABLE.test(html))
    inputs.push({
      kind: 'file',
      bytes: new TextEncoder().encode(html),
      fileName: 'Mail body.html',
      mimeType: 'text/html',
    });
  else if (inputs.length === 0 && mail.text?.trim())
    inputs.push({
      kind: 'file',
      bytes: new TextEncoder().encode(mail.text),
      fileName: 'Mail body.txt',
      mimeType: 'text/plain',
    });
  return { inputs, skipped };
}
