import { COLUMN_TYPES } from '../shared/column-types';
import { TEMPLATE_KEYS } from '../shared/templates';
import { loadEnv, type Env } from '../server/env';
import type { ExportFormat } from '../shared/table-export';
import type { InputSource } from '../server/extraction/ingest/fetch-source';
import { parseCommandLine, UsageError } from './command-line';
import { nameOf, runBatch, type BatchDocument } from './extract-batch';
import { writeExtraction, type OutputOptions, type OutputShape } from './extract-output';
import { localExtractor } from './local-extract';
import {
  askedDefinitionOf,
  isKnownLocally,
  localDefinition,
  remoteRunOf,
  type AskedDefinition,
  type RunDefinition,
} from './record-definition';
import { RemoteError, remoteTemplate, runRemoteJob, type RemoteServer } from './remote-extract';
import { unreadableInputs } from './inputs';
import { sourceFromArgument } from './read';
import { withReadingTools } from './with-reading-tools';

const USAGE = `Usage: rowsmith extract <path | url | -> [more paths or urls…]
                        (--columns "item,amount:number" | --fields "total:number" | --template NAME)
                        [--rules rules.json] [--description TEXT] [--format csv|json|xlsx]
                        [--shape flat|documents] [--out FILE] [--no-bom] [--flagged] [--cells]
                        [--server URL --api-key KEY [--no-cache]]

Extracts a table with the columns you define. Several inputs become one table whose first
column, source, names the file or address of each row (an XLSX also gets a sheet per input).
--fields names a document's own values, one each (invoice_number, date:date, total:number),
found beside the line items of --columns; either may be left out. --rules FILE.json checks them:
a JSON list of rules (sum, formula, required, pattern, range, unique); a failed one flags its
cells and is reported on stderr. Output is flat: each line item with the document's fields in
front (one row of fields when it has no line items); --shape documents (with --format json)
prints {documents: [{source, fields, fieldCells, rows, cells, checks}]} instead.
Column and field types: ${COLUMN_TYPES.join(', ')} (default text).
Templates: ${TEMPLATE_KEYS.join(', ')} (invoice, receipt, bankStatement and purchaseOrder have
fields and rules; --columns, --fields and --rules replace a template's).
Prints CSV by default; xlsx needs --out. Numbers keep the decimals they have in the source
(12.50). A CSV file written with --out starts with a UTF-8 byte order mark, so Excel reads
accents right; --no-bom leaves it out. CSV on standard output never has one.

Every cell gets a confidence; cells below the review threshold are flagged. --flagged lists them
on stderr (row, column, value, confidence, reasons); --cells (with --format json) prints
{ rows, cells, review } with each cell's confidence, flag, reasons and evidence.

With --server and --api-key (or ROWSMITH_SERVER and ROWSMITH_API_KEY), the inputs run as one
job on that server, charged to the key's account, with the same output; --template then also
takes the name of one of your saved extractors. A document whose content, columns, description
and model match an earlier run of yours there is given that run's result without calling the
model again (marked from cache); --no-cache asks the model again. Either way a run is charged.`;

const FORMATS: readonly string[] = ['csv', 'json', 'xlsx'];
const SHAPES: readonly string[] = ['flat', 'documents'];

/** What `rowsmith extract` was asked to do, checked: a wrong command line is a UsageError. */
type ExtractRequest = {
  targets: string[];
  definition: AskedDefinition;
  description?: string;
  /** False with --no-cache: the server asks the model even for input it has a result for. */
  useCache: boolean;
  output: OutputOptions;
};

async function extractRequestOf(
  values: {
    columns?: string;
    fields?: string;
    rules?: string;
    template?: string;
    description?: string;
    format: string;
    shape: string;
    out?: string;
    flagged: boolean;
    cells: boolean;
    'no-bom': boolean;
    'no-cache': boolean;
  },
  targets: string[],
): Promise<ExtractRequest> {
  const { description, out } = values;
  const wrong = (message: string) => new UsageError(message, USAGE);
  if (targets.length === 0) throw wrong('Give a file, a web address or - (standard input).');
  if (!FORMATS.includes(values.format))
    throw wrong(`Unknown format "${values.format}"; formats are ${FORMATS.join(', ')}.`);
  if (values.format === 'xlsx' && !out) throw wrong('--format xlsx writes a file: add --out FILE.');
  if (values.cells && values.format !== 'json') throw wrong('--cells goes with --format json.');
  if (!SHAPES.includes(values.shape))
    throw wrong(`Unknown shape "${values.shape}"; shapes are ${SHAPES.join(', ')}.`);
  if (values.shape === 'documents' && values.format !== 'json')
    throw wrong('--shape documents goes with --format json; CSV and XLSX are flat.');
  if (values.shape === 'documents' && values.cells)
    throw wrong('--shape documents has each document’s cells already: leave out --cells.');
  const definition = await askedDefinitionOf(values, USAGE);
  const output: OutputOptions = {
    format: values.format as ExportFormat,
    shape: values.shape as OutputShape,
    out,
    hasCells: values.cells,
    isFlagged: values.flagged,
    isBomless: values['no-bom'],
  };
  return { targets, definition, description, useCache: !values['no-cache'], output };
}

/** The same command against a server: one job, then the same table and report as locally. */
async function extractRemotely(server: RemoteServer, request: ExtractRequest): Promise<number> {
  const { template } = request.definition;
  try {
    const named = template ? await remoteTemplate(server, template) : undefined;
    const run = remoteRunOf(request.definition, named);
    const { job, documents } = await runRemoteJob(server, request.targets, {
      ...run,
      description: request.description,
      ...(request.useCache ? {} : { cache: false }),
    });
    return await writeExtraction(job.columns, documents, request.output);
  } catch (error) {
    if (!(error instanceof RemoteError)) throw error;
    console.warn(error.message);
    return 1;
  }
}

/** `rowsmith extract`: the same operation as POST /api/extractions, or a batch into one table. */
export async function extractCommand(args: string[]): Promise<number> {
  const line = parseCommandLine(args, USAGE, {
    options: {
      columns: { type: 'string' },
      fields: { type: 'string' },
      rules: { type: 'string' },
      template: { type: 'string' },
      description: { type: 'string' },
      format: { type: 'string', default: 'csv' },
      shape: { type: 'string', default: 'flat' },
      out: { type: 'string' },
      server: { type: 'string' },
      'api-key': { type: 'string' },
      flagged: { type: 'boolean', default: false },
      cells: { type: 'boolean', default: false },
      'no-bom': { type: 'boolean', default: false },
      'no-cache': { type: 'boolean', default: false },
    },
  });
  if (!line) return 0;
  const { values, positionals } = line;
  const request = await extractRequestOf(values, positionals);
  const env = loadEnv();
  const server = remoteServerOf(values, env, USAGE);
  // Checked here whenever it is known here (a saved extractor's is known on its server alone).
  const definition =
    !server || isKnownLocally(request.definition)
      ? localDefinition(request.definition, USAGE)
      : null;
  // Every input is checked before any runs (or is sent): a typo costs nothing.
  const unreadable = await unreadableInputs(request.targets);
  for (const problem of unreadable) console.error(problem);
  if (unreadable.length > 0) return 1;
  if (server) return extractRemotely(server, request);
  return extractLocally(env, request, definition!);
}

/**
 * The server of `--server URL --api-key KEY` (or ROWSMITH_SERVER and ROWSMITH_API_KEY), or null
 * for a run on this machine. A server makes it a remote run; a key alone (set for curl, say)
 * leaves the run local.
 */
export function remoteServerOf(
  values: { server?: string; 'api-key'?: string },
  env: Env,
  usage: string,
): RemoteServer | null {
  const serverUrl = values.server ?? env.ROWSMITH_SERVER;
  const apiKey = values['api-key'] ?? env.ROWSMITH_API_KEY;
  const isRemote = Boolean(serverUrl || values['api-key']);
  if (isRemote && (!serverUrl || !apiKey))
    throw new UsageError('--server and --api-key go together.', usage);
  if (serverUrl && !/^https?:\/\/[^/]/i.test(serverUrl))
    throw new UsageError(
      `--server is an http or https address, such as https://rowsmith.example.com, not "${serverUrl}".`,
      usage,
    );
  return serverUrl && apiKey ? { url: serverUrl, apiKey } : null;
}

async function extractLocally(
  env: Env,
  request: ExtractRequest,
  definition: RunDefinition,
): Promise<number> {
  const { targets } = request;
  return withReadingTools(env, async (readPool) => {
    const extractOne = localExtractor(env, readPool, {
      ...definition,
      description: request.description,
    });
    const run = (source: InputSource) => extractOne(source);
    const documents: BatchDocument[] =
      targets.length > 1
        ? await runBatch(targets, run, env.JOB_CONCURRENCY)
        : [
            {
              name: nameOf(targets[0] ?? '-'),
              result: await run(await sourceFromArgument(targets[0] ?? '-')),
            },
          ];
    return writeExtraction(definition.columns, documents, request.output);
  });
}
