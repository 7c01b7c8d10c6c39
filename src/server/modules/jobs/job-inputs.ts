import type { InputSource } from '../../extraction/ingest/fetch-source';
import { cleanDocumentName } from '../../../shared/document-name';
import type { JobDocumentKind } from '../../../shared/jobs';
import type { FileStorage } from '../../storage/file-storage';
import type { ServerDocument } from '../../extraction/read/types';
import { loadRead } from './job-reads';
import type { JobDocumentInfo } from './jobs.queries';

const NAME_WORDS = 60;

/**
 * What a document is called: its file name, its address; pasted text by the name given, or in a
 * batch "Text 1", "Text 2"… (its `textNumber` among the batch's texts), or else (a single run,
 * listed in History) by its first words. Without bidi controls and at most 255 characters
 * (shared/document-name.ts).
 */
export function documentName(input: InputSource, textNumber: number | null = null): string {
  if (input.kind === 'file') return cleanDocumentName(input.fileName ?? '') || 'Untitled file';
  if (input.kind === 'url') return cleanDocumentName(input.url) || 'Web page';
  const given = cleanDocumentName(input.name ?? '');
  if (given) return given;
  if (textNumber !== null) return `Text ${textNumber}`;
  const line = cleanDocumentName(input.text.trim().split(/\n/)[0] ?? '');
  return line.length > NAME_WORDS ? `${line.slice(0, NAME_WORDS).trimEnd()}…` : line || 'Text';
}

export function inputKind(input: InputSource): JobDocumentKind {
  return input.kind;
}

/** Where a queued job keeps an uploaded file or pasted text until the job ends. */
export function inputKey(jobId: string, documentId: string): string {
  return `jobs/${jobId}/${documentId}`;
}

/** Keeps the input of a queued document: file bytes or text, stored; an address as it is. */
export async function storeInput(
  storage: FileStorage,
  key: string,
  input: InputSource,
): Promise<string | null> {
  if (input.kind === 'url') return null;
  const bytes = input.kind === 'file' ? input.bytes : new TextEncoder().encode(input.text);
  const type =
    input.kind === 'file' ? (input.mimeType ?? 'application/octet-stream') : 'text/plain';
  await storage.create(key, bytes, type);
  return key;
}

/** What a document runs on: its input, or what was already read from it. */
export type RunSource = InputSource | { kind: 'document'; document: ServerDocument };

/**
 * The input of a queued document, back from where it was kept; what was read from it instead
 * when that was kept (a run again, or a retry after the read); null when it is gone.
 */
export async function loadInput(
  storage: FileStorage,
  document: JobDocumentInfo,
): Promise<RunSource | null> {
  if (document.read_key) {
    const read = await loadRead(storage, document.read_key);
    if (read) return { kind: 'document', document: read };
  }
  if (document.kind === 'url') return document.url ? { kind: 'url', url: document.url } : null;
  if (!document.input_key) return null;
  const bytes = await storage.read(document.input_key);
  if (!bytes) return null;
  if (document.kind === 'text') return { kind: 'text', text: new TextDecoder().decode(bytes) };
  return { kind: 'file', bytes, fileName: document.name, mimeType: document.mime_type };
}
