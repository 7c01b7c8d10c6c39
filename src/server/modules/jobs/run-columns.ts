import { z } from 'zod';
import { columnsSchema, type ColumnDefinition } from '../../../shared/columns';
import { AppError } from '../../../shared/errors';
import type { TemplateLookup } from '../extractors/template-columns';

/**
 * The columns of a run: the ones given, or those of the template (built-in or saved) it names,
 * with a saved extractor's description unless the request gives one. SPEC.md's messages when
 * there are none or all are blank; null when neither was given (the caller says what is missing).
 */
export async function runColumns(
  given: unknown[] | undefined,
  template: string | undefined,
  lookup: TemplateLookup,
): Promise<{ columns: ColumnDefinition[]; description: string | undefined } | null> {
  const named = !given && template ? await lookup(template) : undefined;
  const columns = given ?? named?.columns;
  if (!columns) return null;
  const parsed = columnsSchema.safeParse(columns);
  if (parsed.success) return { columns: parsed.data, description: named?.description };
  const isBlank = parsed.error.issues.some(
    (issue) => issue.message === 'At least one valid column name is required',
  );
  if (isBlank) throw new AppError('COLUMNS_REQUIRED');
  throw new AppError('VALIDATION_FAILED', { details: z.flattenError(parsed.error) });
}
