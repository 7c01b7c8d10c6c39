import { parseArgs } from 'node:util';
import { COLUMN_TYPES } from '../shared/column-types';
import { columnsSchema, type ColumnDefinition } from '../shared/columns';
import { AppError } from '../shared/errors';
import { getTemplate, isTemplateKey, TEMPLATE_KEYS } from '../shared/templates';
import { loadEnv } from '../server/env';
import { extractionSettingsFromEnv } from '../server/extraction/extraction-settings';
import { runExtraction } from '../server/extraction/run-extraction';
import { createModelClient } from '../server/llm/create-model-client';
import type { ExportFormat } from '../shared/table-export';
import type { InputSource } from '../server/extraction/ingest/fetch-source';
import { runBatch, type BatchDocument } from './extract-batch';
import { writeExtraction, type OutputOptions } from './extract-output';
import { RemoteError, remoteTemplate, runRemoteJob, type RemoteServer } from './remote-extract';
import { sourceFromArgument } from './read';
import { withReadingTools } from './with-reading-tools';

const USAGE = `Usage: rowsmith extract <path | url | -> [more paths or urls…]
                        (--columns "date:date,amount:number" | --template NAME)
                        [--description TEXT] [--format csv|json|xlsx] [--out FILE]
                        [--flagged] [--cells] [--server URL --api-key KEY]

Extracts a table with the columns you define. Several inputs become one table whose first
column, source, names the file or address of each row (an XLSX also gets a sheet per input). Column types: ${COLUMN_TYPES.join(', ')} (default text).
Templates: ${TEMPLATE_KEYS.join(', ')}. Prints CSV by default; xlsx needs --out.

Every cell gets a confidence; cells below the review threshold are flagged. --flagged lists them
on stderr (row, column, value, confidence, reasons); --cells (with --format json) prints
{ rows, cells, review } with each cell's confidence, flag, reasons and evidence.

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

/** The same command against a server: one job, then the same table and report as locally. */
async function extractRemotely(
  server: RemoteServer,
  targets: string[],
  options: OutputOptions & { columns?: string; template?: string; description?: string },
): Promise<number> {
  try {
    const { job, documents } = await runRemoteJob(server, targets, {
      columns: options.columns ? parseColumnsArgument(options.columns) : undefined,
      template: options.template ? await remoteTemplate(server, options.template) : undefined,
      description: options.description,
    });
    return await writeExtraction(job.columns, documents, options);
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
      flagged: { type: 'boolean', default: false },
      cells: { type: 'boolean', default: false },
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
  if (values.cells && format !== 'json') {
    console.warn('--cells goes with --format json.');
    return 1;
  }
  const output: OutputOptions = {
    format,
    out: values.out,
    hasCells: values.cells,
    isFlagged: values.flagged,
  };
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
      ...output,
      columns: values.columns,
      template: values.template,
      description: values.description,
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
    const documents: BatchDocument[] =
      positionals.length > 1
        ? await runBatch(positionals, run, env.JOB_CONCURRENCY)
        : [{ name: target, result: await run(await sourceFromArgument(target)) }];
    return writeExtraction(columns, documents, output);
  });
}
