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
import type { InputSource } from '../server/extraction/ingest/fetch-source';
import { formatBatch, runBatch } from './extract-batch';
import { formatRows } from './format-rows';
import { RemoteError, remoteTemplate, runRemoteJob, type RemoteServer } from './remote-extract';
import { sourceFromArgument } from './read';
import { withReadingTools } from './with-reading-tools';

const USAGE = `Usage: rowsmith extract <path | url | -> [more paths or urls…]
                        (--columns "date:date,amount:number" | --template NAME)
                        [--description TEXT] [--format csv|json|xlsx] [--out FILE]
                        [--server URL --api-key KEY]

Extracts a table with the columns you define. Several inputs become one table whose first
column, source, names the file or address of each row (an XLSX also gets a sheet per input). Column types: ${COLUMN_TYPES.join(', ')} (default text).
Templates: ${TEMPLATE_KEYS.join(', ')}. Prints CSV by default; xlsx needs --out.

With --server and --api-key (or ROWSMITH_SERVER and ROWSMITH_API_KEY), the inputs run as one
job on that server, charged to the key's account, with the same output; --template then also
takes the name of one of your saved extractors.`;

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

async function write(output: string | Uint8Array, out: string | undefined) {
  if (out) await writeFile(out, output);
  else process.stdout.write(output);
}

/** The same command against a server: one job, then the same table and report as locally. */
async function extractRemotely(
  server: RemoteServer,
  targets: string[],
  options: {
    columns?: string;
    template?: string;
    description?: string;
    format: ExportFormat;
    out?: string;
  },
): Promise<number> {
  try {
    const { job, documents } = await runRemoteJob(server, targets, {
      columns: options.columns ? parseColumnsArgument(options.columns) : undefined,
      template: options.template ? await remoteTemplate(server, options.template) : undefined,
      description: options.description,
    });
    if (targets.length > 1) {
      await write(await formatBatch(job.columns, documents, options.format), options.out);
      return documents.every((document) => !document.result || document.result.status === 500)
        ? 1
        : 0;
    }
    const result = documents[0]?.result;
    if (!result) return 1;
    await write(await formatRows(result, options.format), options.out);
    report(result);
    return result.status === 500 ? 1 : 0;
  } catch (error) {
    if (!(error instanceof RemoteError)) throw error;
    console.warn(error.message);
    return 1;
  }
}

/** `rowsmith extract`: the same operation as POST /api/extractions, or a batch into one table. */
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
      server: { type: 'string' },
      'api-key': { type: 'string' },
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
  const env = loadEnv();
  // A server makes it a remote run; a key alone (set for curl, say) leaves the run local.
  const serverUrl = values.server ?? env.ROWSMITH_SERVER;
  const apiKey = values['api-key'] ?? env.ROWSMITH_API_KEY;
  if (serverUrl || values['api-key']) {
    if (!serverUrl || !apiKey) {
      console.warn('--server and --api-key go together.');
      return 1;
    }
    return extractRemotely({ url: serverUrl, apiKey }, positionals, {
      columns: values.columns,
      template: values.template,
      description: values.description,
      format,
      out: values.out,
    });
  }
  if (values.template && !isTemplateKey(values.template)) {
    console.warn(`Unknown template "${values.template}". Templates: ${TEMPLATE_KEYS.join(', ')}.`);
    return 1;
  }
  const columns = values.columns
    ? parseColumnsArgument(values.columns)
    : getTemplate(values.template as Parameters<typeof getTemplate>[0]).columns;
  return withReadingTools(env, async (readPool) => {
    const run = (source: InputSource) =>
      runExtraction({
        source,
        columns,
        description: values.description,
        settings: extractionSettingsFromEnv(env),
        model: createModelClient(env),
        readPool,
      });
    if (positionals.length > 1) {
      const batch = await runBatch(positionals, run, env.JOB_CONCURRENCY);
      await write(await formatBatch(columns, batch, format), values.out);
      return batch.every((document) => !document.result || document.result.status === 500) ? 1 : 0;
    }
    const result = await run(await sourceFromArgument(target));
    await write(await formatRows(result, format), values.out);
    report(result);
    return result.status === 500 ? 1 : 0;
  });
}
