// Extraction benchmark: `npm run bench:extract`. Prints one table; never part of `npm test`.
// A document with a 2,000-row table goes through the fake OpenAI-compatible model at a realistic
// speed (0.5 s to the first token, 80 output tokens per second, 4,096 output tokens per call at
// most): Rowsmith's pipeline against what the original did, one call and no continuation.
import type { ColumnDefinition } from '../src/shared/columns';
import { extractChunkWithModel } from '../src/server/extraction/extract/model-extract';
import { planChunks } from '../src/server/extraction/plan';
import type { ServerDocument } from '../src/server/extraction/read/types';
import {
  createReadPool,
  readPoolOptionsFromEnv,
} from '../src/server/extraction/read/pool/read-pool';
import { runExtraction } from '../src/server/extraction/run-extraction';
import { readSettingsFromEnv } from '../src/server/extraction/read-settings';
import { parseEnv } from '../src/server/env';
import { createOpenAiClient } from '../src/server/llm/openai-client';
import { documentFromBlocks } from '../tests/support/documents';
import { startFakeOpenAi } from '../tests/support/fake-openai-server';

const ROWS = 2000;
const MAX_OUTPUT_TOKENS = 4096;
const columns: ColumnDefinition[] = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

function ledger(): ServerDocument {
  const rows = Array.from({ length: ROWS }, (_, i) => [
    `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    `Payment ${i + 1} to supplier`,
    ((i + 1) * 1.25).toFixed(2),
  ]);
  return documentFromBlocks(
    [
      { kind: 'heading', level: 1, text: 'Ledger 2026' },
      { kind: 'table', table: { source: 'csv', header: ['Date', 'Description', 'Amount'], rows } },
    ],
    { fileType: 'csv', mimeType: 'text/csv' },
  );
}

async function main() {
  const fake = await startFakeOpenAi({
    behavior: {
      speed: { firstTokenMs: 500, tokensPerSecond: 80 },
      maxOutputTokens: MAX_OUTPUT_TOKENS,
    },
  });
  const client = createOpenAiClient({
    baseUrl: fake.baseUrl,
    apiKey: 'bench',
    model: 'gpt-4o',
    timeoutMs: 600_000,
  });
  const document = ledger();
  const env = parseEnv({});
  // The document is built here, so the pool never starts a thread.
  const readPool = createReadPool(readPoolOptionsFromEnv(env));

  let started = performance.now();
  const result = await runExtraction({
    source: { kind: 'document', document },
    columns,
    settings: {
      read: readSettingsFromEnv(env),
      chunkCharacters: env.EXTRACT_CHUNK_CHARACTERS,
      concurrency: env.EXTRACT_CONCURRENCY,
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      maxContinuations: env.EXTRACT_MAX_CONTINUATIONS,
      isOfflineFastPathOn: false,
      reviewThreshold: env.REVIEW_THRESHOLD,
    },
    model: client,
    readPool,
  });
  const ours = {
    seconds: (performance.now() - started) / 1000,
    rows: new Set(result.rows.map((row) => row.description)).size,
    ...result.usage,
  };

  started = performance.now();
  const [whole] = planChunks(document, {
    columns,
    maxCharacters: 10_000_000,
    maxOutputTokens: 10_000_000,
  });
  const single = await extractChunkWithModel({
    client,
    chunk: whole!,
    chunkCount: 1,
    columns,
    maxOutputTokens: MAX_OUTPUT_TOKENS,
    maxContinuations: 0,
  });
  const original = {
    seconds: (performance.now() - started) / 1000,
    rows: single.rows.length,
    calls: single.calls,
    ...single.usage,
  };
  await fake.close();
  await readPool.close();

  const recall = (rows: number) => `${((rows / ROWS) * 100).toFixed(1)}%`;
  const table: string[][] = [
    ['', 'Rowsmith (plan + parallel + continuation)', 'one call, no continuation', 'ratio'],
    [
      'wall time',
      `${ours.seconds.toFixed(1)} s`,
      `${original.seconds.toFixed(1)} s`,
      (ours.seconds / original.seconds).toFixed(2),
    ],
    [
      'row recall',
      `${recall(ours.rows)} (${ours.rows}/${ROWS})`,
      `${recall(original.rows)} (${original.rows}/${ROWS})`,
      (ours.rows / Math.max(original.rows, 1)).toFixed(1),
    ],
    [
      'input tokens',
      String(ours.inputTokens),
      String(original.inputTokens),
      (ours.inputTokens / original.inputTokens).toFixed(2),
    ],
    [
      'output tokens',
      String(ours.outputTokens),
      String(original.outputTokens),
      (ours.outputTokens / original.outputTokens).toFixed(2),
    ],
    ['calls', String(ours.calls), String(original.calls), (ours.calls / original.calls).toFixed(1)],
    ['status', String(result.status), single.isCutShort ? 'cut off' : 'complete', ''],
  ];
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)));
  for (const [index, row] of table.entries()) {
    console.log(`| ${row.map((cell, i) => cell.padEnd(widths[i]!)).join(' | ')} |`);
    if (index === 0) console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  }
}

await main();
