import type { Attachment, ParsedMail } from 'mailparser';
import { cleanDocumentName } from '../../../shared/document-name';
import type { InputSource } from '../../extraction/ingest/fetch-source';
import { removeNonContent } from '../../extraction/read/formats/html/clean-dom';
import { isDataTable, readTable } from '../../extraction/read/formats/html/html-tables';
import { countElements, parseHtmlDocument } from '../../extraction/read/formats/html/parse-html';

/** The file names and types we read (shared/supported-files.ts says the same in words). */
const SUPPORTED_EXTENSIONS = new Set(
  'pdf docx xlsx png jpg jpeg webp gif bmp tif tiff csv tsv txt md markdown html htm json'.split(
    ' ',
  ),
);
const SUPPORTED_TYPES =
  /^(application\/(pdf|json|vnd\.openxmlformats-officedocument\.(wordprocessingml\.document|spreadsheetml\.sheet))|image\/(png|jpeg|webp|gif|bmp|tiff)|text\/(plain|csv|tab-separated-values|markdown|html))$/i;

/** Any table in an HTML body: it is looked at more closely (hasDataTable). */
const HTML_TABLE = /<table[\s>]/i;

/** Larger bodies are not searched for a data table: they are read as a document, as before. */
const MAX_BODY_ELEMENTS = 20_000;

export type MailInputs = {
  inputs: InputSource[];
  /** The attachments that cannot be read, by name. */
  skipped: string[];
  /** What of the mail was not read, in words for the reply and History. */
  unread: string[];
};

/**
 * Rows with two different values: a signature's icon beside its text has one, and so has a line
 * spread over the whole table.
 */
function valueRows(table: Element): number {
  const { header, rows } = readTable(table, 'html');
  const values = (row: string[]) => new Set(row.map((cell) => cell.trim()).filter(Boolean)).size;
  return [header, ...rows].filter((row) => values(row) >= 2).length;
}

/** At most this many rows: a signature; a list of contacts is longer. */
const SIGNATURE_ROWS = 6;
/**
 * Contact details: a telephone number ("+44 20 1234 5678", "(020) 7946 0000", never a date such
 * as 2026-10-03), an address to mail or a web address.
 */
const CONTACT =
  /\+\d[\d\s().-]{7,}\d|\(?\d{2,5}\)?[\s.-]\d{3,4}[\s.-]\d{3,4}\b|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b(?:https?:\/\/|www\.)\S+|(?:^|\s)[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|uk|de|fr|eu|test|app|dev)\b/i;
const CONTACT_LABEL =
  /^(?:phone|tel|telephone|mobile|mob|cell|fax|e-?mail|web|website|url|linkedin|twitter|skype)\b/i;
/** What a data table's cells hold and a signature's do not: amounts and dates. */
const FIGURE = /\d[.,]\d{2}(?!\d)|\b\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}\b/;

/**
 * A signature laid out in a table: a few rows with a name, a telephone number, a web or mail
 * address ("Phone | +44 20 1234 5678", "Web | vendor.test"), and no amount or date once those
 * are set aside.
 */
function isSignatureTable(table: Element): boolean {
  const { header, rows } = readTable(table, 'html');
  const all = [header, ...rows].filter((row) => row.some((cell) => cell.trim()));
  if (all.length > SIGNATURE_ROWS) return false;
  const cells = all.flat().map((cell) => cell.trim());
  const hasContact = cells.some((cell) => CONTACT.test(cell) || CONTACT_LABEL.test(cell));
  const figures = cells.some((cell) => FIGURE.test(cell.replace(new RegExp(CONTACT, 'gi'), ' ')));
  return hasContact && !figures;
}

/**
 * Whether an HTML body holds data in a table. Mail programs lay bodies and signatures out with
 * tables (a logo beside a name, a column of contact lines, a frame around the text, a name
 * beside its telephone and web address); those are not documents, and reading one costs a run
 * that finds nothing.
 */
function hasDataTable(html: string): boolean {
  if (!HTML_TABLE.test(html)) return false;
  if (countElements(html) > MAX_BODY_ELEMENTS) return true;
  const document = parseHtmlDocument(html);
  removeNonContent(document.body);
  return [...document.body.querySelectorAll('table')].some(
    (table) => isDataTable(table) && valueRows(table) >= 2 && !isSignatureTable(table),
  );
}

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
 * shows inline), then the body when it holds the data: an HTML body with a data table, or, when
 * there is nothing else to read, the text body.
 */
export function mailInputs(mail: ParsedMail): MailInputs {
  const skipped: string[] = [];
  const inputs: InputSource[] = [];
  for (const attachment of mail.attachments) {
    if (attachment.related) continue;
    if (isSupported(attachment)) inputs.push(fileOf(attachment));
    else skipped.push(attachment.filename ?? attachment.contentType);
  }
  const unread = skipped.map((name) => `${name} (not a file type we can read)`);
  const html = typeof mail.html === 'string' ? mail.html : '';
  const isDataBody = hasDataTable(html);
  if (!isDataBody && HTML_TABLE.test(html) && inputs.length > 0)
    unread.push('the mail’s text (its tables lay out the text or a signature; they hold no data)');
  if (isDataBody)
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
  return { inputs, skipped, unread };
}
