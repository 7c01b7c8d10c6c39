import type { ColumnDefinition } from '../../../shared/columns';
import type { ExtractionStatus } from '../../../shared/extraction';
import type {
  Job,
  JobDocument,
  JobDocumentKind,
  JobDocumentStatus,
  JobOrigin,
  JobStatus,
} from '../../../shared/jobs';
import type { JobDocumentInfo, JobRow } from './jobs.queries';

const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A document as the API shows it. */
export function toJobDocument(row: JobDocumentInfo): JobDocument {
  const isTimed = row.total_ms !== null;
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as JobDocumentKind,
    status: row.status as JobDocumentStatus,
    status_code: number(row.status_code) as ExtractionStatus | null,
    message: row.message,
    rows: Number(row.rows_count),
    file_type: row.file_type,
    size: number(row.size),
    started_at: row.started_at,
    finished_at: row.finished_at,
    timings: isTimed
      ? {
          read_ms: Number(row.read_ms ?? 0),
          extract_ms: Number(row.extract_ms ?? 0),
          total_ms: Number(row.total_ms ?? 0),
        }
      : null,
  };
}

/** A job as the API shows it, with its documents in order. */
export function toJob(row: JobRow, documents: JobDocumentInfo[]): Job {
  return {
    id: row.id,
    status: row.status as JobStatus,
    columns: JSON.parse(row.columns) as ColumnDefinition[],
    description: row.description,
    documents: documents.filter((document) => document.job_id === row.id).map(toJobDocument),
    documents_total: Number(row.documents_total),
    documents_done: Number(row.documents_done),
    rows_total: Number(row.rows_total),
    created_at: row.created_at,
    started_at: row.started_at,
    finished_at: row.finished_at,
    origin: row.origin ? (JSON.parse(row.origin) as JobOrigin) : null,
  };
}
