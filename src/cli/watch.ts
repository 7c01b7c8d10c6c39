import { extname } from 'node:path';
import { COLUMN_TYPES } from '../shared/column-types';
import type { ColumnDefinition } from '../shared/columns';
import { sourceColumnName } from '../shared/jobs';
import { TEMPLATE_KEYS } from '../shared/templates';
import { loadEnv } from '../server/env';
import { parseCommandLine, UsageError, wholeNumberOption } from './command-line';
import { remoteServerOf } from './extract';
import { flatColumns } from './flat-table';
import { localExtractor } from './local-extract';
import {
  askedDefinitionOf,
  localDefinition,
  remoteRunOf,
  type AskedDefinition,
} from './record-definition';
import { RemoteError, remoteDefinition, remoteTemplate } from './remote-extract';
import { localFileExtractor, remoteFileExtractor } from './watch-extractors';
import { completeFiles } from './watch-files';
import { watchFile, type WatchContext } from './watch-file';
import { openWatchFolder, WatchFolderError } from './watch-folder';
import { loadJournal } from './watch-journal';
import { outputProblem, type OutputFormat } from './watch-output';
import { withReadingTools } from './with-reading-tools';

const USAGE = `Usage: rowsmith watch DIR (--columns "date:date,amount:number" | --fields "total:number"
                      | --template NAME) [--rules rules.json]
                      --out FILE.csv|FILE.xlsx [--description TEXT] [--settle SECONDS]
                      [--server URL --api-key KEY]

Reads the files already in DIR, then each new one, once: its rows are appended, with a first
column, source, naming the file, to the table in --out, and the file is moved to DIR/done, or
to DIR/failed beside a FILE.error.txt that says why. A file is read once it has not changed for
--settle seconds (default 2), so files still being copied or scanned are waited for. Stopped
and started again, it carries on without reading anything twice. Ctrl-C stops it (after the
file being read, or at once when pressed again). It acts only inside DIR: links in it are skipped
and never followed, a file replaced or changed while read is read again once settled, a file over
MAX_UPLOAD_MB goes to failed/ unread, and it stops if done/, failed/ or its journal is a link.
Column types: ${COLUMN_TYPES.join(', ')} (default text). Templates: ${TEMPLATE_KEYS.join(', ')}.
With fields (--fields, or a template or saved extractor that has them), each line item's row
has the document's fields in front, and a file without line items adds one row of its fields;
--rules and a template's rules flag what does not add up (see rowsmith extract --help).
With --server and --api-key (or ROWSMITH_SERVER and ROWSMITH_API_KEY), each file runs as a job
on that server, charged to the key's account; --template then also takes a saved extractor's name.`;

const POLL_MS = 500;
const MB = 1024 * 1024;

type WatchRequest = {
  dir: string;
  out: string;
  format: OutputFormat;
  definition: AskedDefinition;
  description?: string;
  settleMs: number;
};

async function watchRequestOf(
  values: {
    columns?: string;
    fields?: string;
    rules?: string;
    template?: string;
    description?: string;
    out?: string;
    settle?: string;
  },
  positionals: string[],
): Promise<WatchRequest> {
  const wrong = (message: string) => new UsageError(message, USAGE);
  const [dir, ...rest] = positionals;
  if (!dir) throw wrong('Give the folder to watch.');
  if (rest.length > 0) throw wrong(`One folder at a time: leave out "${rest.join('", "')}".`);
  if (!values.out) throw wrong('Say where the table goes, with --out FILE.csv or --out FILE.xlsx.');
  const format = extname(values.out).slice(1).toLowerCase();
  if (format !== 'csv' && format !== 'xlsx')
    throw wrong(`--out is a .csv or .xlsx file, not "${values.out}".`);
  const definition = await askedDefinitionOf(values, USAGE);
  const settle = wholeNumberOption(values.settle, { name: '--settle', min: 0, usage: USAGE });
  return {
    dir,
    out: values.out,
    format,
    definition,
    description: values.description,
    settleMs: (settle ?? 2) * 1000,
  };
}

const linkSkipped = (dir: string, name: string) =>
  `${name}: skipped: it is a link, and rowsmith watch reads only files that are in ${dir} itself; left where it is.`;

/**
 * Runs until Ctrl-C: scans the folder, and reads each complete file in turn. Stops, saying why,
 * rather than act outside the folder (WatchFolderError).
 */
async function runWatch(
  request: WatchRequest & { maxBytes: number },
  columns: ColumnDefinition[],
  extract: WatchContext['extract'],
  abort: AbortController,
): Promise<number> {
  try {
    return await watchUntilStopped(request, columns, extract, abort);
  } catch (error) {
    if (!(error instanceof WatchFolderError)) throw error;
    console.error(error.message);
    return 1;
  }
}

async function watchUntilStopped(
  request: WatchRequest & { maxBytes: number },
  columns: ColumnDefinition[],
  extract: WatchContext['extract'],
  abort: AbortController,
): Promise<number> {
  const { dir, maxBytes } = request;
  const journal = await loadJournal(dir);
  const output = {
    path: request.out,
    format: request.format,
    columns: [{ name: sourceColumnName(columns), type: 'text' as const }, ...columns],
  };
  const problem = await outputProblem(output, journal);
  if (problem) {
    console.error(problem);
    return 1;
  }
  const context: WatchContext = { dir, journal, output, columns, maxBytes, extract };
  const scan = completeFiles(dir, request.settleMs);
  let isStopping = false;
  let current: string | null = null;
  let wake: () => void = () => undefined;
  const onSignal = () => {
    if (isStopping || !current) {
      abort.abort();
      wake();
    }
    if (current && !isStopping)
      console.warn(`Stopping after ${current} (press Ctrl-C again to stop at once)…`);
    isStopping = true;
    wake();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  console.warn(`Watching ${dir} for files (Ctrl-C stops).`);
  try {
    while (!isStopping) {
      const { ready, newLinks } = await scan();
      for (const name of newLinks) console.warn(linkSkipped(dir, name));
      for (const file of ready) {
        if (isStopping) break;
        current = file.name;
        console.warn(await watchFile(context, file));
        current = null;
      }
      await new Promise<void>((resolve) => {
        wake = resolve;
        setTimeout(resolve, POLL_MS);
      });
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  console.warn('Stopped.');
  return 0;
}

/** `rowsmith watch`: a folder whose files become rows of one table, each read once. */
export async function watchCommand(args: string[]): Promise<number> {
  const line = parseCommandLine(args, USAGE, {
    options: {
      columns: { type: 'string' },
      fields: { type: 'string' },
      rules: { type: 'string' },
      template: { type: 'string' },
      description: { type: 'string' },
      out: { type: 'string' },
      settle: { type: 'string' },
      server: { type: 'string' },
      'api-key': { type: 'string' },
    },
  });
  if (!line) return 0;
  const request = await watchRequestOf(line.values, line.positionals);
  const env = loadEnv();
  const server = remoteServerOf(line.values, env, USAGE);
  const folder = await openWatchFolder(request.dir);
  if ('problem' in folder) {
    console.error(folder.problem);
    return 1;
  }
  const watched = { ...request, dir: folder.dir, maxBytes: env.MAX_UPLOAD_MB * MB };
  const abort = new AbortController();
  if (server) {
    try {
      const { definition } = request;
      const template = definition.template
        ? await remoteTemplate(server, definition.template)
        : undefined;
      const run = remoteRunOf(definition, template);
      // The server names the columns and fields; ours are asked for the table's header.
      const named = run.template ? await remoteDefinition(server, run.template) : undefined;
      const columns = flatColumns({
        fields: run.fields ?? (run.columns ? [] : (named?.fields ?? [])),
        columns: run.columns ?? (run.fields ? [] : (named?.columns ?? [])),
      });
      const job = { ...run, description: request.description };
      return await runWatch(watched, columns, remoteFileExtractor(server, job), abort);
    } catch (error) {
      if (!(error instanceof RemoteError)) throw error;
      console.error(error.message);
      return 1;
    }
  }
  const definition = localDefinition(request.definition, USAGE);
  return withReadingTools(env, (readPool) => {
    const run = localExtractor(env, readPool, { ...definition, description: request.description });
    const columns = flatColumns(definition);
    return runWatch(watched, columns, localFileExtractor(run, abort.signal), abort);
  });
}
