import { parseArgs } from 'node:util';
import { loadEnv } from '../server/env';
import { readInput } from '../server/extraction/read-input';
import { readSettingsFromEnv } from '../server/extraction/read-settings';
import { suggestColumns } from '../server/extraction/suggest-columns';
import { createModelClient } from '../server/llm/create-model-client';
import { sourceFromArgument } from './read';
import { withReadingTools } from './with-reading-tools';

/** `rowsmith suggest`: prints suggested columns as `name:type,...`, ready for `extract --columns`. */
export async function suggestCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { json: { type: 'boolean' } },
  });
  const [target] = positionals;
  if (!target) {
    console.log(
      'Usage: rowsmith suggest <path | url | -> [--json]\n\nSuggests columns for a file, web page or standard input.',
    );
    return 1;
  }
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
