// Runs in an export thread (export-pool.ts): writes one job's table in one format, so that the
// thread serving requests never spends seconds building a workbook.
import { Piscina } from 'piscina';
import { combineRows } from '../../../../shared/combined-table';
import type { ExtractedRow } from '../../../../shared/extraction';
import { lowerThreadPriority } from './background-priority';
import type { ExportTask } from './export-task';
import { writeExport } from './write-export';

// An export can wait a moment; a request cannot.
lowerThreadPriority();

export default async function exportTask(task: ExportTask) {
  const documents = task.documents.map(({ name, rows }) => ({
    name,
    rows: JSON.parse(rows) as ExtractedRow[],
  }));
  const bytes = await writeExport(combineRows(task.columns, documents), task.format);
  // The file's bytes move back to the web thread instead of being copied; a view into a shared
  // buffer (Node pools small ones) is copied first, since moving it would take its neighbours.
  const isWhole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return Piscina.move(isWhole ? bytes : bytes.slice());
}
