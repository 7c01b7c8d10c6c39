import { createReadStream } from 'node:fs';
import { simpleParser, type ParsedMail } from 'mailparser';
import { cleanDocumentName } from '../../../shared/document-name';
import { AppError } from '../../../shared/errors';
import type { InputSource } from '../../extraction/ingest/fetch-source';
import { mailInputs } from './mail-inputs';

/**
 * What the receiver needs of a mail, read from its MIME in the read pool (docs/decisions/029):
 * plain data, so it crosses from the reading thread as it is.
 */
export type ReadMail = {
  /** Every address the From header names. */
  fromAddresses: string[];
  /** The From header as a person reads it: `Ada Lovelace <ada@example.com>`. */
  sender: string;
  subject: string;
  /** Its Message-ID (`<id@host>`), for the reply's In-Reply-To; null when absent or malformed. */
  messageId: string | null;
  /** Whether a machine sent it (Auto-Submitted, a list, bulk mail): it gets no reply. */
  isSentByMachine: boolean;
  /** Its documents (mail-inputs.ts), the attachments that cannot be read, and all not read in words. */
  inputs: InputSource[];
  skipped: string[];
  unread: string[];
};

function senderOf(mail: ParsedMail): string {
  const first = mail.from?.value[0];
  if (!first?.address) return cleanDocumentName(mail.from?.text ?? '');
  const name = cleanDocumentName(first.name);
  return cleanDocumentName(name ? `${name} <${first.address}>` : first.address);
}

function header(mail: ParsedMail, name: string): string {
  const value = mail.headers.get(name);
  return typeof value === 'string' ? value.toLowerCase() : '';
}

/** A Message-ID as RFC 5322 writes it, short and on one line, or null: it goes into a header. */
function messageIdOf(mail: ParsedMail): string | null {
  const id = mail.messageId?.trim() ?? '';
  return /^<[^<>\s]{3,250}>$/.test(id) ? id : null;
}

/** RFC 3834: answering mail that a machine sent makes mail loops. */
function isSentByMachine(mail: ParsedMail): boolean {
  const autoSubmitted = header(mail, 'auto-submitted');
  if (autoSubmitted && autoSubmitted !== 'no') return true;
  if (/^(bulk|list|junk)$/.test(header(mail, 'precedence'))) return true;
  return mail.headers.has('list-id');
}

/** Why mailparser could not read a mail, in words for the sender's bounce. */
function unreadableReason(error: unknown): string {
  return error instanceof Error && 'code' in error && error.code === 'EMAXLEN'
    ? 'it has too many MIME parts, or nests them too deep'
    : 'its MIME structure is malformed';
}

/**
 * Reads the mail in the file at `path` (the receiver's spool). Runs in a read-pool thread, so a
 * mail that makes mailparser run away costs that thread, never the web thread. A mail whose MIME
 * cannot be read throws INBOX_MAIL_UNREADABLE.
 */
export async function readMail(path: string): Promise<ReadMail> {
  const parsed = await simpleParser(createReadStream(path), {
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    keepCidLinks: true,
  }).catch((error: unknown) => {
    throw new AppError('INBOX_MAIL_UNREADABLE', {
      params: { reason: unreadableReason(error) },
      cause: error,
    });
  });
  return {
    fromAddresses: (parsed.from?.value ?? []).map((entry) => entry.address ?? ''),
    sender: senderOf(parsed),
    subject: cleanDocumentName(parsed.subject ?? ''),
    messageId: messageIdOf(parsed),
    isSentByMachine: isSentByMachine(parsed),
    ...mailInputs(parsed),
  };
}
