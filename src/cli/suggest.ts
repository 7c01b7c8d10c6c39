import { loadEnv } from '../server/env';
import { readInput } from '../server/extraction/read-input';
import { readSettingsFromEnv } from '../server/extraction/read-settings';
import { suggestColumns } from '../server/extraction/suggest-columns';
import { createModelClient } from '../server/llm/create-model-client';
import { parseCommandLine } from './command-line';
import { oneInput, reportUnreadable } from './inputs';
import { sourceFromArgument } from './read';
import { withReadingTools } from './with-reading-tools';

const USAGE = `Usage: rowsmith suggest <path | url | -> [--json]

Suggests columns for a file, a web page or standard input (-), printed as name:type,… ready for
\`rowsmith extract --columns\`.
  --json     print the columns with their types and the engine that chose them, as JSON`;

/** `rowsmith suggest`: prints suggested columns as `name:type,...`, ready for `extract --columns`. */
export async function suggestCommand(args: string[]): Promise<number> {
  const line = parseCommandLine(args, USAGE, { options: { json: { type: 'boolean' } } });
  if (!line) return 0;
  const { values } = line;
  const target = oneInput(line.positionals, USAGE);
  if (await reportUnreadable(target)) return 1;
  const env = loadEnv();
  return withReadingTools(env, async (pool) => {
    const document = await readInput({
      source: await sourceFromArgument(target),
      settings: readSettingsFromEnv(env),
      pool,
    });
    const { columns, engine } = await suggestColumns({ document, model: createModelClient(env) });
    if (values.json) console.log(JSON.stringify({ columns, engine }, null, 2));
    else console.log(columns.map((column) => `${column.name}:${column.type}`).join(','));
    return 0;
  });
}
