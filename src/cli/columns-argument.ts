import { COLUMN_TYPES } from '../shared/column-types';
import { columnsSchema, type ColumnDefinition } from '../shared/columns';

export type ColumnsArgument = { columns: ColumnDefinition[] } | { problem: string };

const isColumnType = (type: string): boolean => (COLUMN_TYPES as readonly string[]).includes(type);

/**
 * `--columns "date:date, amount:number, note"` → column definitions (a missing type is text), or
 * what is wrong with it in words that name the column: a type that does not exist, no name at
 * all, the same name twice.
 */
export function parseColumnsArgument(value: string): ColumnsArgument {
  const columns = value.split(',').map((part) => {
    const [name = '', type = 'text'] = part.split(':').map((piece) => piece.trim());
    return { name, type: type.toLowerCase() || 'text' };
  });
  const badType = columns.find((column) => !isColumnType(column.type));
  if (badType) {
    return {
      problem: `Column "${badType.name}" has the type "${badType.type}"; column types are ${COLUMN_TYPES.join(', ')}.`,
    };
  }
  const parsed = columnsSchema.safeParse(columns);
  if (!parsed.success)
    return { problem: parsed.error.issues.map((issue) => issue.message).join(' ') };
  return { columns: parsed.data };
}
