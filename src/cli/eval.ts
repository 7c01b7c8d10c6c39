import { parseArgs } from 'node:util';
import type { ColumnDefinition } from '../shared/columns';
import { tableRows } from '../shared/combined-table';
import type { ExtractionResult } from '../shared/extraction';
import { getTemplate, isTemplateKey, TEMPLATE_KEYS } from '../shared/templates';
import { loadEnv, type Env } from '../server/env';
import { extractionSettingsFromEnv } from '../server/extraction/extraction-settings';
import { runExtraction } from '../server/extraction/run-extraction';
import { createModelClient } from '../server/llm/create-model-client';
import { formatEval } from './eval/format-eval';
import { readReference, ReferenceError, type ReferenceTable } from './eval/read-reference';
import { scoreEval } from './eval/score-eval';
import { parseColumnsArgument } from './extract';
import { sourceFromArgument } from './read';
import { RemoteError, remoteTemplate, runRemoteJob, type RemoteServer } from './remote-extract';
import { withReadingTools } from './with-reading-tools';

const USAGE = `Usage: rowsmith eval <path | url | -> --reference EXPECTED.csv
                     (--columns "date:date,amount:number" | --template NAME)
                     [--description TEXT] [--threshold 0.6] [--json]
                     [--server URL --api-key KEY]

Extracts a table from the input and scores it against a reference table you trust (a CSV whose
first line names the columns): rows found, missing and extra (rows are matched by their cells,
in any order); the share of right cells per column; and per confidence band, and flagged or not,
so you can check a model and a review threshold on your own documents before trusting them.
--threshold judges flags by confidence below it instead of the run's own (REVIEW_THRESHOLD).
--json prints the report for machines. With --server and --api-key (or ROWSMITH_SERVER and
ROWSMITH_API_KEY) the extraction runs on that server, charged to the key's account.`;

type EvalRun = { columns?: string; template?: string; description?: string };

async function runRemotely(server: RemoteServer, target: string, run: EvalRun) {
  const { documents } = await runRemoteJob(server, [target], {
    columns: run.columns ? parseColumnsArgument(run.columns) : undefined,
    template: run.template ? await remoteTemplate(server, run.template) : undefined,
    description: run.description,
  });
  const result = documents[0]?.result;
  if (!result) throw new RemoteError('The extraction failed: there is nothing to score.');
  return result;
}

function localColumns(run: EvalRun): ColumnDefinition[] | null {
  if (run.columns) return parseColumnsArgument(run.columns);
  if (run.template && isTemplateKey(run.template)) return getTemplate(run.template).columns;
  console.warn(`Unknown template "${run.template}". Templates: ${TEMPLATE_KEYS.join(', ')}.`);
  return null;
}

/** Scores the result and prints the report; 1 when the reference shares no column with it. */
function report(result: ExtractionResult, reference: ReferenceTable, options: EvalOptions): number {
  const scored = scoreEval({
    columns: result.columns,
    rows: tableRows(result),
    cells: result.cells,
    reference,
    threshold: options.threshold,
  });
  if (scored.compared_columns.length === 0) {
    const names = result.columns.map((column) => column.name).join(', ');
    console.warn(`The reference has none of the columns extracted (${names}).`);
    return 1;
  }
  process.stdout.write(options.json ? `${JSON.stringify(scored, null, 2)}\n` : formatEval(scored));
  return 0;
}

type EvalOptions = { threshold?: number; json: boolean };

function parseThreshold(value: string | undefined): number | null | undefined {
  if (value === undefined) return undefined;
  const threshold = Number(value);
  return Number.isFinite(threshold) && threshold >= 0 && threshold <= 1 ? threshold : null;
}

async function extractForEval(env: Env, target: string, run: EvalRun, server: RemoteServer | null) {
  if (server) return runRemotely(server, target, run);
  const columns = localColumns(run);
  if (!columns) return null;
  let result: ExtractionResult | null = null;
  const code = await withReadingTools(env, async (readPool) => {
    result = await runExtraction({
      source: await sourceFromArgument(target),
      columns,
      description: run.description,
      settings: extractionSettingsFromEnv(env),
      model: createModelClient(env),
      readPool,
    });
    return 0;
  });
  return code === 0 ? result : null;
}

/** `rowsmith eval`: an extraction scored against a reference table (see USAGE). */
export async function evalCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      reference: { type: 'string' },
      columns: { type: 'string' },
      template: { type: 'string' },
      description: { type: 'string' },
      threshold: { type: 'string' },
      json: { type: 'boolean', default: false },
      server: { type: 'string' },
      'api-key': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [target] = positionals;
  if (values.help || !target || !values.reference || (!values.columns && !values.template)) {
    console.log(USAGE);
    return values.help ? 0 : 1;
  }
  const threshold = parseThreshold(values.threshold);
  if (threshold === null) {
    console.warn('--threshold is a number from 0 to 1.');
    return 1;
  }
  const env = loadEnv();
  const serverUrl = values.server ?? env.ROWSMITH_SERVER;
  const apiKey = values['api-key'] ?? env.ROWSMITH_API_KEY;
  if ((serverUrl || values['api-key']) && (!serverUrl || !apiKey)) {
    console.warn('--server and --api-key go together.');
    return 1;
  }
  try {
    const reference = await readReference(values.reference);
    const server = serverUrl && apiKey ? { url: serverUrl, apiKey } : null;
    const result = await extractForEval(env, target, values, server);
    return result ? report(result, reference, { threshold, json: values.json }) : 1;
  } catch (error) {
    if (!(error instanceof ReferenceError || error instanceof RemoteError)) throw error;
    console.warn(error.message);
    return 1;
  }
}
