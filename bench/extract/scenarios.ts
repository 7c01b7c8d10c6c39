// The scenarios of `npm run bench:extract` (issues 22 and 33): statements and a ledger through the
// fake model at a realistic speed, with and without a provider's limits, timed against their ideal.
import type { ColumnDefinition } from '../../src/shared/columns';
import type { ExtractionResult } from '../../src/shared/extraction';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema';
import { parseEnv } from '../../src/server/env';
import { extractionSettingsFromEnv } from '../../src/server/extraction/extraction-settings';
import type { ServerDocument } from '../../src/server/extraction/read/types';
import type { ReadPool } from '../../src/server/extraction/read/pool/read-pool';
import { runExtraction } from '../../src/server/extraction/run-extraction';
import { createModelClient } from '../../src/server/llm/create-model-client';
import type { ModelClient } from '../../src/server/llm/model-client';
import { documentFromBlocks } from '../../tests/support/documents';
import type { FakeCall, FakeOpenAi } from '../../tests/support/fake-openai-server';

export const FIRST_TOKEN_MS = 500;
export const TOKENS_PER_SECOND = 80;
export const MAX_OUTPUT_TOKENS = 4096;
export const SPEED = { firstTokenMs: FIRST_TOKEN_MS, tokensPerSecond: TOKENS_PER_SECOND };

/**
 * A document to extract, the columns asked of it, the column that tells its rows apart, and the
 * document's own fields when they are asked for too (records, issue 31).
 */
export type Sample = {
  document: ServerDocument;
  columns: ColumnDefinition[];
  key: string;
  fields?: ColumnDefinition[];
};

const STATEMENT_COLUMNS: ColumnDefinition[] = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

const dateOf = (i: number) =>
  `2026-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`;

/** A statement of `rows` transactions, each description unique (`tag` tells statements apart). */
export function statement(rows: number, tag = 'S', header: string[] = []): Sample {
  const body = Array.from({ length: rows }, (_, i) => [
    dateOf(i),
    `Payment ${tag}-${i + 1} to supplier`,
    ((i + 1) * 1.25).toFixed(2),
  ]);
  const document = documentFromBlocks(
    [
      { kind: 'heading', level: 1, text: `Statement ${tag}` },
      ...header.map((text) => ({ kind: 'paragraph' as const, text })),
      {
        kind: 'table',
        table: { source: 'csv', header: ['Date', 'Description', 'Amount'], rows: body },
      },
    ],
    { fileType: 'csv', mimeType: 'text/csv' },
  );
  return { document, columns: STATEMENT_COLUMNS, key: 'description' };
}

const STATEMENT_FIELDS: ColumnDefinition[] = [
  { name: 'account', type: 'text' },
  { name: 'period', type: 'text' },
  { name: 'opening_balance', type: 'number' },
  { name: 'closing_balance', type: 'number' },
];

/** The statement with its header fields (account, period, balances), and them asked for. */
export function statementRecord(rows: number, tag = 'S'): Sample {
  const paid = Array.from({ length: rows }, (_, i) => (i + 1) * 1.25).reduce((a, b) => a + b, 0);
  const sample = statement(rows, tag, [
    'Account: 40-12-77 31926584',
    'Period: January to December 2026',
    'Opening balance: 250000.00',
    `Closing balance: ${(250000 - paid).toFixed(2)}`,
  ]);
  return { ...sample, fields: STATEMENT_FIELDS };
}

const LEDGER_COLUMNS: ColumnDefinition[] = [
  ...STATEMENT_COLUMNS,
  { name: 'reference', type: 'text' },
];

const PAYEES = [
  'Direct debit Thames Water',
  'Card payment Tesco Stores',
  'Transfer to J Smith',
  'Standing order Rent',
  'Card payment Shell 0412',
  'Salary Northwind Ltd',
  'Direct debit Vodafone UK',
  'Card payment Amazon EU',
];

/**
 * The ledger shape of issue 33's held-out check: four columns, descriptions that repeat, and a
 * reference that is a long identifier (unique, so it tells the rows apart).
 */
export function ledger(rows: number): Sample {
  const document = documentFromBlocks(
    [
      { kind: 'heading', level: 1, text: 'Ledger' },
      {
        kind: 'table',
        table: { source: 'csv', header: [...LEDGER_HEADER], rows: ledgerRows(rows) },
      },
    ],
    { fileType: 'csv', mimeType: 'text/csv' },
  );
  return { document, columns: LEDGER_COLUMNS, key: 'reference' };
}

const LEDGER_HEADER = ['Date', 'Description', 'Amount', 'Reference'] as const;

/** The same ledger as a CSV file's text, for a run through the command line. */
export function ledgerCsv(rows: number): string {
  return [LEDGER_HEADER, ...ledgerRows(rows)].map((row) => row.join(',')).join('\n') + '\n';
}

/** The ledger's columns as `rowsmith extract --columns` takes them. */
export const LEDGER_COLUMNS_FLAG = 'date:date,description,amount:number,reference';

function ledgerRows(rows: number): string[][] {
  return Array.from({ length: rows }, (_, i) => [
    dateOf(i),
    PAYEES[i % PAYEES.length]!,
    (((i * 7919) % 100_000) / 100 - 300).toFixed(2),
    `FT${dateOf(i).replaceAll('-', '')}${String(i + 1).padStart(6, '0')}${((i + 1) * 2654435761).toString(16).slice(-8).toUpperCase()}`,
  ]);
}

/** A model client as the server makes it: one limiter per endpoint (shared through `db`). */
export function serverModel(fake: FakeOpenAi, db?: Kysely<Database>): ModelClient {
  const client = createModelClient(
    {
      OPENAI_API_KEY: 'bench',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: 'gpt-4o',
      MODEL_TIMEOUT_SECONDS: 600,
    },
    db ? { db } : {},
  );
  if (!client) throw new Error('no model client');
  return client;
}

export type Run = {
  /** When the run started (epoch ms), for the time to its first call. */
  startedAt: number;
  seconds: number;
  result: ExtractionResult;
  /** Rows found once each, and rows found more than once. */
  rowsOnce: number;
  duplicates: number;
};

/** Rows whose key is found exactly once, and how many keys are found twice or more. */
function countRows(result: ExtractionResult, key: string) {
  const seen = new Map<unknown, number>();
  for (const row of result.rows) seen.set(row[key], (seen.get(row[key]) ?? 0) + 1);
  const counts = [...seen.values()];
  return {
    rowsOnce: counts.filter((count) => count === 1).length,
    duplicates: counts.filter((count) => count > 1).length,
  };
}

/** One document through the pipeline, timed. */
export async function extract(
  sample: Sample,
  model: ModelClient,
  readPool: ReadPool,
): Promise<Run> {
  const env = parseEnv({});
  const startedAt = Date.now();
  const started = performance.now();
  const result = await runExtraction({
    source: { kind: 'document', document: sample.document },
    columns: sample.columns,
    ...(sample.fields ? { fields: sample.fields } : {}),
    settings: {
      ...extractionSettingsFromEnv(env),
      maxOutputTokens: MAX_OUTPUT_TOKENS,
      isOfflineFastPathOn: false,
    },
    model,
    readPool,
  });
  return {
    startedAt,
    seconds: (performance.now() - started) / 1000,
    result,
    ...countRows(result, sample.key),
  };
}

/**
 * What the provider saw of runs: seconds from the first run's start to the first call, and the
 * waves of calls, a call being of the wave after the latest one answered before it went out.
 */
export function callFigures(calls: FakeCall[], runs: Pick<Run, 'startedAt'>[]) {
  const answered = calls
    .filter((call) => call.answeredAt !== undefined)
    .sort((a, b) => a.at - b.at);
  const waveOf = new Map<FakeCall, number>();
  for (const call of answered) {
    const before = answered.filter((other) => other.answeredAt! <= call.at);
    waveOf.set(call, 1 + Math.max(0, ...before.map((other) => waveOf.get(other) ?? 0)));
  }
  const start = Math.min(...runs.map((run) => run.startedAt));
  return {
    waves: Math.max(0, ...waveOf.values()),
    firstCallSeconds: calls.length > 0 ? (calls[0]!.at - start) / 1000 : null,
  };
}

/**
 * The least time the provider needs for these output tokens when it answers `lanes` calls at
 * once at the model's speed: every lane busy writing from the first moment to the last.
 */
export function idealSeconds(outputTokens: number, lanes: number): number {
  return FIRST_TOKEN_MS / 1000 + outputTokens / TOKENS_PER_SECOND / lanes;
}
