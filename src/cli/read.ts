import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { AppError } from '../shared/errors';
import { loadEnv } from '../server/env';
import type { InputSource } from '../server/extraction/ingest/fetch-source';
import { readInput, toDocumentJson } from '../server/extraction/read-input';
import { readSettingsFromEnv } from '../server/extraction/read-settings';
import { parseCommandLine } from './command-line';
import { oneInput, reportUnreadable } from './inputs';
import { withReadingTools } from './with-reading-tools';

const USAGE = `Usage: rowsmith read <path | url | -> [--json] [--images]

Reads a file, a web page or standard input (-) and prints its text as Markdown.
  --json     print the whole Document (text, segments, tables, images, metadata) as JSON
  --images   with --json, include page images as data URLs`;

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A path, an http(s) address, or `-` for standard input (any file type, or plain text). */
export async function sourceFromArgument(argument: string): Promise<InputSource> {
  if (/^https?:\/\//i.test(argument)) return { kind: 'url', url: argument };
  if (argument === '-')
    return { kind: 'file', bytes: await readStdin(), fileName: null, mimeType: null };
  const bytes = await readFile(argument).catch((cause: unknown) => {
    throw new AppError('FILE_PROCESSING_FAILED', {
      params: { message: `cannot open ${argument}.` },
      cause,
    });
  });
  return { kind: 'file', bytes, fileName: basename(argument), mimeType: null };
}

/** `rowsmith read`: the same operation as POST /api/documents/read. */
export async function readCommand(args: string[]): Promise<number> {
  const line = parseCommandLine(args, USAGE, {
    options: { json: { type: 'boolean' }, images: { type: 'boolean' } },
  });
  if (!line) return 0;
  const { values } = line;
  const target = oneInput(line.positionals, USAGE);
  if (await reportUnreadable(target)) return 1;
  const env = loadEnv();
  const settings = readSettingsFromEnv(env);
  return withReadingTools(env, async (pool) => {
    const document = await readInput({ source: await sourceFromArgument(target), settings, pool });
    if (values.json) {
      console.log(
        JSON.stringify(toDocumentJson(document, values.images ? 'data-url' : 'none'), null, 2),
      );
    } else {
      process.stdout.write(`${document.markdown}\n`);
      for (const warning of document.metadata.warnings) console.warn(`Note: ${warning}`);
    }
    return 0;
  });
}
