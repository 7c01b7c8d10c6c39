import type { ColumnDefinition } from '../../../shared/columns';
import { AppError } from '../../../shared/errors';
import type { CellValue, ExtractionResult } from '../../../shared/extraction';
import type { CorrectionInput } from '../../../shared/review';
import { correctionValue } from '../../extraction/review/correction-value';

/** A correction checked against the job: its cell exists, its value takes the column's type. */
export type PlannedCorrection = {
  documentId: string;
  row: number;
  column: string;
  value: CellValue;
  /** The cell's value as it was extracted. */
  oldValue: CellValue;
};

function planOne(
  input: CorrectionInput,
  columns: ColumnDefinition[],
  extracted: ReadonlyMap<string, ExtractionResult>,
): PlannedCorrection {
  const result = extracted.get(input.document_id);
  if (!result || result.status === 500)
    throw new AppError('CORRECTION_DOCUMENT_NOT_FOUND', {
      params: { document: JSON.stringify(input.document_id) },
    });
  const index = columns.findIndex((column) => column.name === input.column);
  const column = columns[index];
  if (!column)
    throw new AppError('CORRECTION_COLUMN_NOT_FOUND', {
      params: {
        column: input.column,
        columns: columns.map((known) => `"${known.name}"`).join(', '),
      },
    });
  const row = result.rows[input.row];
  if (!row)
    throw new AppError('CORRECTION_ROW_NOT_FOUND', {
      params: {
        row: input.row,
        document: JSON.stringify(input.document_id),
        count: result.rows.length,
      },
    });
  return {
    documentId: input.document_id,
    row: input.row,
    column: column.name,
    value: correctionValue(input.value, column, index === 0),
    oldValue: Object.hasOwn(row, column.name) ? (row[column.name] ?? null) : null,
  };
}

/**
 * Checks every correction of a batch before any is stored (a batch is all or nothing): the first
 * that cannot be made answers 400, naming the document, row, column or type at fault, with its
 * place in the batch in `details.correction`.
 */
export function planCorrections(
  inputs: CorrectionInput[],
  columns: ColumnDefinition[],
  extracted: ReadonlyMap<string, ExtractionResult>,
): PlannedCorrection[] {
  return inputs.map((input, index) => {
    try {
      return planOne(input, columns, extracted);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, { message: error.message, details: { correction: index } });
    }
  });
}
