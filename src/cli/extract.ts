import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { COLUMN_TYPES } from '../shared/column-types';
import { columnsSchema, type ColumnDefinition } from '../shared/columns';
import { AppError } from '../shared/errors';
import type { ExtractionResult } from '../shared/extraction';
import { getTemplate, isTemplateKey, TEMPLATE_KEYS } from '../shared/templates';
import { loadEnv } from '../server/env';
import { extractionSettingsFromEnv } from '../server/extraction/extraction-settings';
import { runExtraction } from '../server/extraction/run-extraction';
import { createModelClient } from '../server/llm/create-model-client';
import type { ExportFormat } from '../shared/table-export';
import { formatRows } from './format-rows';
import { sourceFromArgument } from './read';
import { withReadingTools } from './with-reading-tools';

const USAGE = `Usage: rowsmith extract <path | url | -> (--columns "date:date,amount:number" | --template NAME)
                        [--description TEXT] [--format csv|json|xlsx] [--out FILE]

Extracts a table with the columns you define. Column types: ${COLUMN_TYPES.join(', ')} (default text).
Templates: ${TEMPLATE_KEYS.join(', ')}. Prints CSV by default; xlsx needs --out.`;

/** "date:date, amount:number, note" → column definitions. */
export function parseColumnsArgument(value: string): ColumnDefinition[] {
  const columns = value.split(',').map((part) => {
    const [name = '', type = 'text'] = part.split(':').map((piece) => piece.trim());
    return { name, type: type.toLowerCase() };
  });
  const parsed = columnsSchema.safeParse(columns);
  if (!parsed.success) {
    throw new AppError('COLUMNS_REQUIRED', {
      details: parsed.error.issues.map((issue) => issue.message),
    });
  }
  return parsed.data;
}

function report(result: ExtractionResult) {
  const summary = `${result.rows.length} rows, status ${result.status}, ${result.engine}${result.model ? ` (${result.model})` : ''}, ${result.grounding.grounded}/${result.grounding.cells} cells found in the source, ${result.timings.totalMs} ms`;
  console.warn(summary);
  if (result.message) console.warn(result.message);
  for (const warning of result.warnings) console.warn(`Note: ${warning}`);
}

/** `rowsmith extract`: the same operation as POST /api/extractions. */
export async function extractCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      columns: { type: 'string' },
      template: { type: 'string' },
      description: { type: 'string' },
      format: { type: 'string', default: 'csv' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [target] = positionals;
  const format = values.format as ExportFormat;
  if (
    values.help ||
    !target ||
    (!values.columns && !values.template) ||
    !['csv', 'json', 'xlsx'].includes(format)
  ) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  if (format === 'xlsx' && !values.out) {
    console.warn('--format xlsx needs --out FILE.');
    return 1;
  }
  if (values.template && !isTemplateKey(values.template)) {
    console.warn(`Unknown template "${values.template}". Templates: ${TEMPLATE_KEYS.join(', ')}.`);
    return 1;
  }
  const env = loadEnv();
  return withReadingTools(env, async (readPool) => {
    const columns = values.columns
      ? parseColumnsArgument(values.columns)
      : getTemplate(values.template as Parameters<typeof getTemplate>[0]).columns;
    const result = await runExtraction({
      source: await sourceFromArgument(target),
      columns,
      description: values.description,
      settings: extractionSettingsFromEnv(env),
      model: createModelClient(env),
      readPool,
    });
    const output = await formatRows(result, format);
    if (values.out) await writeFile(values.out, output);
    else process.stdout.write(output);
    report(result);
    return result.status === 500 ? 1 : 0;
  });
}
