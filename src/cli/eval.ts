import { documentTable, fieldValues } from '../shared/combined-table';
import type { ExtractionResult } from '../shared/extraction';
import { findName } from '../shared/records';
import { loadEnv, type Env } from '../server/env';
import { extractionSettingsFromEnv } from '../server/extraction/extraction-settings';
import { runExtraction } from '../server/extraction/run-extraction';
import { createModelClient } from '../server/llm/create-model-client';
import { formatEval } from './eval/format-eval';
import { readReference, ReferenceError, type ReferenceTable } from './eval/read-reference';
import { scoreEval, type EvalInput } from './eval/score-eval';
import { parseCommandLine, UsageError } from './command-line';
import { flatCells, flatColumns } from './flat-table';
import { sourceFromArgument } from './read';
import {
  askedDefinitionOf,
  localDefinition,
  remoteRunOf,
  type AskedDefinition,
} from './record-definition';
import { RemoteError, remoteTemplate, runRemoteJob, type RemoteServer } from './remote-extract';
import { withReadingTools } from './with-reading-tools';

const USAGE = `Usage: rowsmith eval <path | url | -> --reference EXPECTED.csv
                     (--columns "date:date,amount:number" | --fields "total:number"
                     | --template NAME) [--rules rules.json]
                     [--description TEXT] [--threshold 0.6] [--json]
                     [--server URL --api-key KEY]

Extracts a table from the input and scores it against a reference table you trust (a CSV whose
first line names the columns): rows found, missing and extra (rows are matched by their cells,
in any order); the share of right cells per column; and per confidence band, and flagged or not,
so you can check a model and a review threshold on your own documents before trusting them.
Fields are scored like columns: the reference's rows may repeat them beside each line item (the
flat view), or, when the reference names none of the line items' columns, its row is the
document itself (its fields only).
--threshold judges flags by confidence below it instead of the run's own (REVIEW_THRESHOLD).
--json prints the report for machines. With --server and --api-key (or ROWSMITH_SERVER and
ROWSMITH_API_KEY) the extraction runs on that server, charged to the key's account.`;

type EvalRun = { definition: AskedDefinition; description?: string | undefined };

async function runRemotely(server: RemoteServer, target: string, run: EvalRun) {
  const { template } = run.definition;
  const named = template ? await remoteTemplate(server, template) : undefined;
  const { documents } = await runRemoteJob(server, [target], {
    ...remoteRunOf(run.definition, named),
    description: run.description,
  });
  const result = documents[0]?.result;
  if (!result) throw new RemoteError('The extraction failed: there is nothing to score.');
  return result;
}

/**
 * What is scored: the flat view (fields repeated on each line item), or the document's fields
 * alone when the reference names fields but none of the line items' columns.
 */
function scoredTable(result: ExtractionResult, header: string[]): Omit<EvalInput, 'reference'> {
  const names = (definitions: { name: string }[]) => definitions.map(({ name }) => name);
  const fieldNames = names(result.fieldDefinitions);
  const inReference = (wanted: string[]) => wanted.some((name) => findName(header, name));
  if (inReference(fieldNames) && !inReference(names(result.columns)))
    return {
      columns: result.fieldDefinitions,
      rows: [fieldValues(result.fieldDefinitions, result.fields)],
      cells: [{ ...result.fieldCells }],
      fieldNames,
    };
  return {
    columns: flatColumns({ fields: result.fieldDefinitions, columns: result.columns }),
    rows: documentTable(result.columns, result).rows,
    cells: flatCells(result),
    fieldNames,
  };
}

/** Scores the result and prints the report; 1 when the reference shares no column with it. */
function report(result: ExtractionResult, reference: ReferenceTable, options: EvalOptions): number {
  const scored = scoreEval({
    ...scoredTable(result, reference.header),
    reference,
    threshold: options.threshold,
  });
  if (scored.compared_columns.length === 0) {
    const extracted = flatColumns({ fields: result.fieldDefinitions, columns: result.columns });
    const names = extracted.map((column) => column.name).join(', ');
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
  const definition = localDefinition(run.definition, USAGE);
  let result: ExtractionResult | null = null;
  const code = await withReadingTools(env, async (readPool) => {
    result = await runExtraction({
      source: await sourceFromArgument(target),
      ...definition,
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
  const line = parseCommandLine(args, USAGE, {
    options: {
      reference: { type: 'string' },
      columns: { type: 'string' },
      fields: { type: 'string' },
      rules: { type: 'string' },
      template: { type: 'string' },
      description: { type: 'string' },
      threshold: { type: 'string' },
      json: { type: 'boolean', default: false },
      server: { type: 'string' },
      'api-key': { type: 'string' },
    },
  });
  if (!line) return 0;
  const { values, positionals } = line;
  const [target] = positionals;
  const wrong = (message: string) => new UsageError(message, USAGE);
  if (!target) throw wrong('Give a file, a web address or - (standard input).');
  if (positionals.length > 1) throw wrong('rowsmith eval scores one input at a time.');
  if (!values.reference) throw wrong('Give the table to score against with --reference FILE.csv.');
  const definition = await askedDefinitionOf(values, USAGE);
  const threshold = parseThreshold(values.threshold);
  if (threshold === null) throw wrong('--threshold is a number from 0 to 1.');
  const env = loadEnv();
  const serverUrl = values.server ?? env.ROWSMITH_SERVER;
  const apiKey = values['api-key'] ?? env.ROWSMITH_API_KEY;
  if ((serverUrl || values['api-key']) && (!serverUrl || !apiKey))
    throw wrong('--server and --api-key go together.');
  try {
    const reference = await readReference(values.reference);
    const server = serverUrl && apiKey ? { url: serverUrl, apiKey } : null;
    const run = { definition, description: values.description };
    const result = await extractForEval(env, target, run, server);
    return result ? report(result, reference, { threshold, json: values.json }) : 1;
  } catch (error) {
    if (!(error instanceof ReferenceError || error instanceof RemoteError)) throw error;
    console.warn(error.message);
    return 1;
  }
}
