import type { ColumnDefinition } from '../../../../shared/columns';
import type { ExportFormat } from '../../../../shared/table-export';

/** One job result to write, as sent to an export thread: everything in it can be cloned. */
export type ExportTask = {
  format: ExportFormat;
  /** The job's columns, without the source column. */
  columns: ColumnDefinition[];
  /** Each document's name and its table rows as JSON text, in order. */
  documents: { name: string; rows: string }[];
};
