import { fieldValues, tableRows } from '../shared/combined-table';
import { rowObjects } from '../shared/table-export';
import type { BatchDocument } from './extract-batch';

/**
 * `--shape documents` (with --format json): each document as the API's documents shape has it,
 * `{documents: [{source, fields, fieldCells, rows, cells, checks}]}`: its fields once, its line
 * items apart. A document that could not be read (reported on stderr) is left out.
 */
export function documentsJson(documents: BatchDocument[]): string {
  const shaped = documents.flatMap(({ name, result }) => {
    if (!result) return [];
    const rows = tableRows(result);
    return [
      {
        source: name,
        fields: fieldValues(result.fieldDefinitions, result.fields),
        fieldCells: result.fieldCells,
        rows: rowObjects({ columns: result.columns, rows }),
        cells: rows.map((_, row) => result.cells[row] ?? {}),
        checks: result.checks,
      },
    ];
  });
  return `${JSON.stringify({ documents: shaped }, null, 2)}\n`;
}
