// Runs in an export thread (export-pool.ts): writes one job's table in one format, so that the
// thread serving requests never spends seconds parsing results or building a workbook.
import { Piscina } from 'piscina';
import { correctedResult } from '../../../extraction/review/apply-corrections';
import type { StoredResult } from '../../../extraction/review/stored-result';
import type { ResultPartsText } from '../result-texts.queries';
import { jobTable } from '../job-table';
import { lowerThreadPriority } from './background-priority';
import { documentsShape } from './documents-shape';
import type { ExportTask } from './export-task';
import { writeExport } from './write-export';

// An export can wait a moment; a request cannot.
lowerThreadPriority();

/**
 * The stored result from its table parts: what `correctedResult` and the table read of it (the
 * parts the database left out, such as the source text, are read by neither).
 */
function storedResult(parts: ResultPartsText): StoredResult {
  const result: Record<string, unknown> = {};
  for (const [name, text] of Object.entries(parts))
    if (text !== null) result[name] = JSON.parse(text);
  return result as StoredResult;
}

export default async function exportTask(task: ExportTask) {
  // Corrections applied as every other reader of results applies them (job-results.ts).
  const documents = task.documents.map(({ id, name, result, corrections }) => ({
    id,
    name,
    result: result && correctedResult(storedResult(result), corrections, task.reviewThreshold),
  }));
  const options = { withFallback: task.withFallback };
  const bytes =
    task.format === 'json' && task.shape === 'documents'
      ? new TextEncoder().encode(JSON.stringify(documentsShape(task.columns, documents, options)))
      : await writeExport(jobTable(task.columns, documents, options), task.format, {
          bom: task.bom,
        });
  // The file's bytes move back to the web thread instead of being copied; a view into a shared
  // buffer (Node pools small ones) is copied first, since moving it would take its neighbours.
  const isWhole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return Piscina.move(isWhole ? bytes : bytes.slice());
}
