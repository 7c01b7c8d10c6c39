/**
 * The column types and limits, without zod: the browser's converter imports these, and a zod
 * schema module would add zod to the JavaScript for the home page.
 */
export const COLUMN_TYPES = ['text', 'number', 'date', 'boolean'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

export const COLUMN_LIMITS = { columns: 50, name: 100, description: 300 } as const;
