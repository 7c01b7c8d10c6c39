/**
 * Examples written by hand where one made from the schema alone says little: requests whose
 * fields are all optional (which to send?), and answers whose rows and evidence are keyed by the
 * caller's own columns. Keyed by `METHOD /path`; an answer's example is laid over the one made
 * from its schema, so only what needs real values is written here. openapi.test.ts checks every
 * example against the endpoint's zod schemas.
 */

/** A statement pasted from a spreadsheet: tab-separated, as a copied range is. */
const STATEMENT = 'Date\tDescription\tAmount\n2026-03-01\tCoffee\t3.50\n2026-03-02\tTrain\t12.00';

const COLUMNS = [
  { name: 'date', type: 'date' },
  { name: 'description', type: 'text' },
  { name: 'amount', type: 'number' },
];

const ROWS = [
  { date: '2026-03-01', description: 'Coffee', amount: 3.5 },
  { date: '2026-03-02', description: 'Train', amount: 12 },
];

const found = (start: number, end: number) => ({ start, end, page: null, match: 'exact' });

/** What POST /api/extractions answered for STATEMENT (offline), but for its job's id. */
const EXTRACTED = {
  status: 200,
  rows: ROWS,
  columns: COLUMNS,
  notice: null,
  message: null,
  warnings: [],
  evidence: [
    { date: found(54, 64), description: found(67, 73), amount: found(76, 80) },
    { date: found(85, 95), description: found(98, 103), amount: found(106, 111) },
  ],
  grounding: { cells: 6, grounded: 6 },
  source: {
    sourceType: 'text',
    fileType: 'csv',
    mimeType: 'text/tab-separated-values',
    fileName: null,
    url: null,
    size: 69,
    title: null,
    pagesProcessed: null,
    totalPages: null,
    characters: 113,
    isTruncated: false,
    warnings: [],
  },
  sourceText:
    '| Date | Description | Amount |\n| --- | --- | --- |\n| 2026-03-01 | Coffee | 3.50 |\n| 2026-03-02 | Train | 12.00 |',
  engine: 'offline',
  model: null,
  usage: { inputTokens: 0, outputTokens: 0, calls: 0 },
  chunks: [],
  timings: { readMs: 85, extractMs: 78, totalMs: 163 },
};

export type EndpointExample = {
  /** The JSON body of the example request (its curl call). */
  request?: unknown;
  /** Laid over the success answer's example made from its schema. */
  response?: Record<string, unknown>;
};

export const ENDPOINT_EXAMPLES: Record<string, EndpointExample> = {
  'get /api/openapi.json': {
    response: { openapi: '3.1.0', info: { title: 'Rowsmith API', version: '0.1.0' }, paths: {} },
  },
  'post /api/contact': {
    request: {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Batches of scanned receipts',
      message: 'Can one job hold 200 receipts?',
    },
  },
  'post /api/documents/read': { request: { text: STATEMENT } },
  'post /api/extractions': {
    request: { text: STATEMENT, columns: COLUMNS },
    response: { ...EXTRACTED, extraction_id: null, stored: false },
  },
  'post /api/columns/suggest': {
    request: { text: STATEMENT },
    response: { columns: COLUMNS, engine: 'offline' },
  },
  'post /api/jobs': {
    request: {
      template: 'transactions',
      inputs: [{ url: 'https://example.com/statement-march.html' }, { text: STATEMENT }],
    },
  },
  'get /api/jobs/{id}/result': {
    response: {
      columns: [{ name: 'source', type: 'text' }, ...COLUMNS],
      rows: ROWS.map((row) => ({ source: 'statement-march.pdf', ...row })),
    },
  },
  'get /api/jobs/{id}/documents/{documentId}/result': { response: EXTRACTED },
  'post /api/jobs/{id}/corrections': {
    request: {
      corrections: [
        {
          document_id: 'c2f1a7e0-3b52-4d8e-9a41-5f0c6e2d7b19',
          row: 1,
          column: 'amount',
          value: '21.00',
        },
        { document_id: 'c2f1a7e0-3b52-4d8e-9a41-5f0c6e2d7b19', field: 'total', value: '24.50' },
      ],
    },
  },
  'post /api/jobs/{id}/rerun': {
    request: { columns: COLUMNS, description: 'Card payments only' },
  },
  'delete /api/account': { request: { confirmation: 'DELETE' } },
  'post /api/keys': { request: { name: 'Nightly invoice import' } },
  'post /api/extractors': {
    request: { name: 'Bank statement', columns: COLUMNS, description: 'A monthly statement' },
  },
  'put /api/extractors/{id}': {
    request: { name: 'Bank statement', columns: COLUMNS, description: 'A monthly statement' },
  },
  'put /api/extractors/{id}/automation': {
    request: {
      inbox_senders: ['ada@example.com', '@supplier.example'],
      reply_format: 'csv',
      webhook_url: 'https://example.com/hooks/rowsmith',
    },
  },
  'put /api/extractors/{id}/schedule': {
    request: { url: 'https://example.com/prices', every: 'daily' },
  },
};
