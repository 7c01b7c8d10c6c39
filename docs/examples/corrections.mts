// Review a job's table, then correct a cell: every export carries the correction.
//   ROWSMITH_URL=http://localhost:3000 ROWSMITH_API_KEY=rsk_… npx tsx corrections.mts
const baseUrl = process.env.ROWSMITH_URL ?? 'http://localhost:3000';
const headers = {
  Authorization: `Bearer ${process.env.ROWSMITH_API_KEY ?? ''}`,
  'Content-Type': 'application/json',
};

type Cell = { confidence: number; flagged: boolean; reasons: { message: string }[] };
type Review = { total: number; flagged: number; edited: number };
type Table = {
  rows: Record<string, unknown>[];
  cells: Record<string, Cell>[];
  origins: { document_id: string; row: number }[];
  review: Review;
};

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
  if (!response.ok) throw new Error(await response.text());
  return (path.includes('format=csv') ? response.text() : response.json()) as Promise<T>;
}

// 1. A job of one document; wait for its end.
const job = await call<{ id: string }>('/api/jobs', {
  method: 'POST',
  body: JSON.stringify({
    columns: [
      { name: 'date', type: 'date' },
      { name: 'description', type: 'text' },
      { name: 'amount', type: 'number' },
    ],
    inputs: [
      { text: 'date\tdescription\tamount\n2026-01-02\tCoffee\t-3.20\n2026-01-03\tTrain\t-12.00' },
    ],
  }),
});
while (!(await call<{ finished_at: string | null }>(`/api/jobs/${job.id}`)).finished_at)
  await new Promise((resolve) => setTimeout(resolve, 1000));

// 2. The table with each cell's confidence: list the cells flagged for review, and why.
const table = await call<Table>(`/api/jobs/${job.id}/result?format=json`);
const flagged = table.cells.flatMap((cells, row) =>
  Object.entries(cells)
    .filter(([, cell]) => cell.flagged)
    .map(([column, cell]) => ({ row, column, why: cell.reasons.map((r) => r.message) })),
);
console.log(JSON.stringify({ review: table.review, flagged }));

// 3. Correct the second row's amount: its origin names the document and row a correction takes.
const { document_id, row } = table.origins[1]!;
const corrected = await call<{ corrections: unknown[]; review: Review }>(
  `/api/jobs/${job.id}/corrections`,
  {
    method: 'POST',
    body: JSON.stringify({
      corrections: [{ document_id, row, column: 'amount', value: '-12.50' }],
    }),
  },
);
console.log(
  JSON.stringify({ corrections: corrected.corrections.length, review: corrected.review }),
);

// 4. Every export shows the corrected value.
console.log(await call<string>(`/api/jobs/${job.id}/result?format=csv`));
