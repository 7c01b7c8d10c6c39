import { z } from 'zod';
import { columnsSchema, type ColumnDefinition } from '../../../shared/columns';
import { AppError } from '../../../shared/errors';
import { getTemplate, isTemplateKey } from '../../../shared/templates';

/**
 * The columns of a run: the ones given, or a template's. SPEC.md's messages when there are none
 * or all are blank; null when neither was given (the caller says what is missing).
 */
export function runColumns(
  given: unknown[] | undefined,
  template: string | undefined,
): ColumnDefinition[] | null {
  const columns =
    given ?? (template && isTemplateKey(template) ? getTemplate(template).columns : undefined);
  if (!columns) return null;
  const parsed = columnsSchema.safeParse(columns);
  if (parsed.success) return parsed.data;
  const isBlank = parsed.error.issues.some(
    (issue) => issue.message === 'At least one valid column name is required',
  );
  if (isBlank) throw new AppError('COLUMNS_REQUIRED');
  throw new AppError('VALIDATION_FAILED', { details: z.flattenError(parsed.error) });
}
