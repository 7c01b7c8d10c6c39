import type { ColumnDefinition } from '../../../shared/columns';
import { AppError } from '../../../shared/errors';
import type { CellValue, ExtractionResult } from '../../../shared/extraction';
import type { CorrectionInput } from '../../../shared/review';
import { correctionValue } from '../../extraction/review/correction-value';
import type { CorrectionPlace } from './corrections.queries';

/**
 * A correction checked against the job: its cell or field exists, its value takes the column's
 * or field's type.
 */
export type PlannedCorrection = CorrectionPlace & {
  value: CellValue;
  /** The value as it was extracted. */
  oldValue: CellValue;
};

/** What a job's results are corrected against: its columns, its fields, its documents' results. */
export type CorrectionTargets = {
  columns: ColumnDefinition[];
  fields: ColumnDefinition[];
  extracted: ReadonlyMap<string, ExtractionResult>;
};

const namesList = (definitions: ColumnDefinition[]) =>
  definitions.map((known) => `"${known.name}"`).join(', ');

function planField(
  input: CorrectionInput & { field: string },
  fields: ColumnDefinition[],
  result: ExtractionResult,
): PlannedCorrection {
  const field = fields.find((known) => known.name === input.field);
  if (!field)
    throw new AppError('CORRECTION_FIELD_NOT_FOUND', {
      params: { field: input.field, fields: fields.length > 0 ? namesList(fields) : 'none' },
    });
  return {
    documentId: input.document_id,
    field: field.name,
    value: correctionValue(input.value, field, false, 'field'),
    oldValue: Object.hasOwn(result.fields, field.name) ? (result.fields[field.name] ?? null) : null,
  };
}

function planCell(
  input: CorrectionInput & { row: number; column: string },
  columns: ColumnDefinition[],
  result: ExtractionResult,
): PlannedCorrection {
  const index = columns.findIndex((column) => column.name === input.column);
  const column = columns[index];
  if (!column)
    throw new AppError('CORRECTION_COLUMN_NOT_FOUND', {
      params: { column: input.column, columns: namesList(columns) },
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

function planOne(input: CorrectionInput, targets: CorrectionTargets): PlannedCorrection {
  const result = targets.extracted.get(input.document_id);
  if (!result || result.status === 500)
    throw new AppError('CORRECTION_DOCUMENT_NOT_FOUND', {
      params: { document: JSON.stringify(input.document_id) },
    });
  const { field, row, column } = input;
  if (field !== undefined) return planField({ ...input, field }, targets.fields, result);
  if (row === undefined || column === undefined) throw new AppError('VALIDATION_FAILED');
  return planCell({ ...input, row, column }, targets.columns, result);
}

/**
 * Checks every correction of a batch before any is stored (a batch is all or nothing): the first
 * that cannot be made answers 400, naming the document, row, column, field or type at fault,
 * with its place in the batch in `details.correction`.
 */
export function planCorrections(
  inputs: CorrectionInput[],
  targets: CorrectionTargets,
): PlannedCorrection[] {
  return inputs.map((input, index) => {
    try {
      return planOne(input, targets);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      throw new AppError(error.code, { message: error.message, details: { correction: index } });
    }
  });
}
