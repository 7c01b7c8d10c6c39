import type { ColumnDefinition } from '../../../../shared/columns';
import type { JobResultShape } from '../../../../shared/jobs';
import type { ExportFormat } from '../../../../shared/table-export';
import type { CellCorrection } from '../../../extraction/review/apply-corrections';
import type { ResultPartsText } from '../result-texts.queries';

/** One job result to write, as sent to an export thread: everything in it can be cloned. */
export type ExportTask = {
  format: ExportFormat;
  /** JSON only: the flat table, or one entry per document (jobResultDocumentsSchema). */
  shape: JobResultShape;
  /** CSV only: start with a byte order mark (table-export.ts). */
  bom: boolean;
  /** Keeps the fallback text of documents that gave no rows (combined-table.ts). */
  withFallback: boolean;
  /** The job's columns, without the source column. */
  columns: ColumnDefinition[];
  /** REVIEW_THRESHOLD: results stored before review get their flags from it. */
  reviewThreshold: number;
  /**
   * Each document in order: its result's table parts as JSON text, as the database picked them
   * out (null: no result; its number columns' decimals among them), and the corrections to apply
   * to them.
   */
  documents: {
    id: string;
    name: string;
    result: ResultPartsText | null;
    corrections: CellCorrection[];
  }[];
};
