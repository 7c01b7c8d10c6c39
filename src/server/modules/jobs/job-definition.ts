import type { ColumnDefinition } from '../../../shared/columns';
import type { Rule } from '../../../shared/records';
import type { JobRow } from './jobs.queries';

/** A job's columns, document fields and rules, as stored with it (JSON). */
export function jobDefinition(job: Pick<JobRow, 'columns' | 'fields' | 'rules'>): {
  columns: ColumnDefinition[];
  fields: ColumnDefinition[];
  rules: Rule[];
} {
  return {
    columns: JSON.parse(job.columns) as ColumnDefinition[],
    fields: JSON.parse(job.fields) as ColumnDefinition[],
    rules: JSON.parse(job.rules) as Rule[],
  };
}
