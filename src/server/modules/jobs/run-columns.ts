import { z } from 'zod';
import type { ColumnDefinition } from '../../../shared/columns';
import { AppError } from '../../../shared/errors';
import { recordDefinitionSchema, type Rule } from '../../../shared/records';
import type { TemplateLookup } from '../extractors/template-columns';

/** What a run asks for: line-item columns, document fields, rules, and a description. */
export type RunDefinition = {
  columns: ColumnDefinition[];
  fields: ColumnDefinition[];
  rules: Rule[];
  description: string | undefined;
};

/** A request's own definition, each part as sent (checked here). */
export type GivenDefinition = { columns?: unknown[]; fields?: unknown[]; rules?: unknown[] };

const NOTHING_NAMED = 'At least one field or column name is required.';

/**
 * The definition of a run: the columns and fields given, or those of the template (built-in or
 * saved) it names, with the template's rules unless the request gives its own, and a saved
 * extractor's description. Checked as a whole (recordDefinitionSchema): SPEC.md's
 * COLUMNS_REQUIRED when no name is left; null when nothing was given (the caller says what is
 * missing).
 */
export async function runDefinition(
  given: GivenDefinition,
  template: string | undefined,
  lookup: TemplateLookup,
): Promise<RunDefinition | null> {
  const isGiven = given.columns !== undefined || given.fields !== undefined;
  const named = !isGiven && template ? await lookup(template) : undefined;
  if (!isGiven && !named) return null;
  const definition = isGiven
    ? given
    : { columns: named?.columns, fields: named?.fields, rules: given.rules ?? named?.rules };
  const parsed = recordDefinitionSchema.safeParse({
    columns: definition.columns ?? [],
    fields: definition.fields ?? [],
    rules: definition.rules ?? given.rules ?? [],
  });
  if (parsed.success) return { ...parsed.data, description: named?.description };
  if (parsed.error.issues.some((issue) => issue.message === NOTHING_NAMED))
    throw new AppError('COLUMNS_REQUIRED');
  throw new AppError('VALIDATION_FAILED', { details: z.flattenError(parsed.error) });
}

/** The columns of a run that takes no fields (a single run, until it does). */
export async function runColumns(
  given: unknown[] | undefined,
  template: string | undefined,
  lookup: TemplateLookup,
): Promise<{ columns: ColumnDefinition[]; description: string | undefined } | null> {
  const run = await runDefinition({ columns: given }, template, lookup);
  return run && { columns: run.columns, description: run.description };
}
