import { z } from 'zod';
import { COLUMN_LIMITS, COLUMN_TYPES } from './column-types';

/** "text, number, date or boolean". */
const COLUMN_TYPES_SENTENCE = `${COLUMN_TYPES.slice(0, -1).join(', ')} or ${COLUMN_TYPES.at(-1)}`;

/** One column the user wants: a name, a type and an optional hint for the model. */
export const columnDefinitionSchema = z.object({
  name: z
    .string()
    .trim()
    .max(COLUMN_LIMITS.name, `Column names must be under ${COLUMN_LIMITS.name} characters.`),
  type: z
    .enum(COLUMN_TYPES, { error: `A column’s type is ${COLUMN_TYPES_SENTENCE}.` })
    .default('text'),
  description: z.string().trim().max(COLUMN_LIMITS.description).optional(),
});

export type ColumnDefinition = z.output<typeof columnDefinitionSchema>;
export type ColumnDefinitionInput = z.input<typeof columnDefinitionSchema>;

/**
 * The columns of a run: blank names are dropped; at least one must remain (SPEC.md section 8).
 * The first named column is required, the others optional (SPEC.md section 3).
 */
export const columnsSchema = z
  .array(columnDefinitionSchema)
  .max(COLUMN_LIMITS.columns, `At most ${COLUMN_LIMITS.columns} columns.`)
  .transform((columns) => columns.filter((column) => column.name !== ''))
  .refine((columns) => columns.length > 0, 'At least one valid column name is required')
  .refine(
    (columns) =>
      new Set(columns.map((column) => column.name.toLowerCase())).size === columns.length,
    'Column names must be different from each other.',
  );

/** What POST /api/columns/suggest answers. */
export const suggestedColumnsSchema = z.object({
  columns: z.array(columnDefinitionSchema),
  engine: z.enum(['model', 'offline']),
});
export type SuggestedColumns = z.output<typeof suggestedColumnsSchema>;

export function isRequiredColumn(columns: ColumnDefinition[], name: string): boolean {
  return columns[0]?.name === name;
}
