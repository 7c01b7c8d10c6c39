import { COLUMN_TYPES } from '../shared/column-types';
import { columnsSchema, type ColumnDefinition } from '../shared/columns';
import { fieldsSchema } from '../shared/records';

export type ColumnsArgument = { columns: ColumnDefinition[] } | { problem: string };
export type FieldsArgument = { fields: ColumnDefinition[] } | { problem: string };

const isColumnType = (type: string): boolean => (COLUMN_TYPES as readonly string[]).includes(type);

/** `name:type` pieces separated by commas (a missing type is text), or the first wrong type. */
function namesAndTypes(
  value: string,
  kind: 'Column' | 'Field',
): { name: string; type: string }[] | { problem: string } {
  const definitions = value.split(',').map((part) => {
    const [name = '', type = 'text'] = part.split(':').map((piece) => piece.trim());
    return { name, type: type.toLowerCase() || 'text' };
  });
  const badType = definitions.find((definition) => !isColumnType(definition.type));
  if (!badType) return definitions;
  return {
    problem: `${kind} "${badType.name}" has the type "${badType.type}"; ${kind.toLowerCase()} types are ${COLUMN_TYPES.join(', ')}.`,
  };
}

/**
 * `--columns "date:date, amount:number, note"` → column definitions (a missing type is text), or
 * what is wrong with it in words that name the column: a type that does not exist, no name at
 * all, the same name twice.
 */
export function parseColumnsArgument(value: string): ColumnsArgument {
  const columns = namesAndTypes(value, 'Column');
  if ('problem' in columns) return columns;
  const parsed = columnsSchema.safeParse(columns);
  if (!parsed.success)
    return { problem: parsed.error.issues.map((issue) => issue.message).join(' ') };
  return { columns: parsed.data };
}

/**
 * `--fields "invoice_number, date:date, total:number"` → the document's own fields (one value per
 * document), written as --columns is, or what is wrong with it.
 */
export function parseFieldsArgument(value: string): FieldsArgument {
  const fields = namesAndTypes(value, 'Field');
  if ('problem' in fields) return fields;
  const parsed = fieldsSchema.safeParse(fields);
  if (!parsed.success)
    return { problem: parsed.error.issues.map((issue) => issue.message).join(' ') };
  if (parsed.data.length === 0) return { problem: 'Give at least one field name with --fields.' };
  return { fields: parsed.data };
}
