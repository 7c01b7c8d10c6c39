import type { ColumnDefinition } from '../../../../shared/columns';
import {
  fieldValues,
  recordFields,
  tableRows,
  type CombineOptions,
} from '../../../../shared/combined-table';
import type { JobResultDocuments } from '../../../../shared/jobs';
import { rowObjects } from '../../../../shared/table-export';
import type { JobTableDocument } from '../job-table';

/**
 * A job as records (shape=documents): each document in order with its fields and their cells,
 * its rows with theirs, and its checks; a document without a result (failed, cancelled) has none
 * of them. Its rows are those its flat table holds: fallback rows only `withFallback`.
 */
export function documentsShape(
  columns: ColumnDefinition[],
  documents: JobTableDocument[],
  options: CombineOptions = {},
): JobResultDocuments {
  const fields = recordFields(documents);
  return {
    documents: documents.map(({ id, name, result }) => {
      const rows = tableRows(result, options);
      return {
        document_id: id,
        source: name,
        fields: fieldValues(fields, result?.fields),
        fieldCells: result?.fieldCells ?? {},
        rows: rowObjects({ columns, rows }),
        cells: rows.map((_, row) => result?.cells[row] ?? {}),
        checks: result?.checks ?? [],
      };
    }),
  };
}
