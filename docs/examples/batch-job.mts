// Several documents as one job, one table; then the same documents again with other
// columns, without reading them again.
//   ROWSMITH_URL=http://localhost:3000 ROWSMITH_API_KEY=rsk_… npx tsx batch-job.mts
const baseUrl = process.env.ROWSMITH_URL ?? 'http://localhost:3000';
const headers = {
  Authorization: `Bearer ${process.env.ROWSMITH_API_KEY ?? ''}`,
  'Content-Type': 'application/json',
};

type Job = { id: string; status: string; rows_total: number };
type Table = { columns: { name: string }[]; rows: Record<string, unknown>[] };

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { ...init, headers });
  const body = (await response.json()) as T | { error: { code: string; message: string } };
  if (!response.ok) throw new Error(JSON.stringify(body));
  return body as T;
}

/** Asks every second until the job has ended, then returns its one table. */
async function tableOf(jobId: string): Promise<{ job: Job; table: Table }> {
  for (;;) {
    const job = await call<Job>(`/api/jobs/${jobId}`);
    if (['succeeded', 'partial', 'failed', 'cancelled'].includes(job.status)) {
      return { job, table: await call<Table>(`/api/jobs/${jobId}/result?format=json`) };
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// 1. Submit: answers 202 at once, and workers run the documents.
const submitted = await call<Job>('/api/jobs', {
  method: 'POST',
  body: JSON.stringify({
    columns: [
      { name: 'date', type: 'date' },
      { name: 'amount', type: 'number' },
    ],
    inputs: [
      // Each text's `name` is its rows' `source`; without one they are "Text 1", "Text 2"
      // (a job's only text is named by its first words, as a single run is).
      { name: 'january', text: 'date\tamount\tbalance\n2026-01-02\t-3.20\t996.80' },
      { name: 'february', text: 'date\tamount\tbalance\n2026-02-01\t2,000.00\t2,996.80' },
    ],
  }),
});

// 2. Wait, then read the table: a first `source` column names each row's document.
const first = await tableOf(submitted.id);
console.log(JSON.stringify({ status: first.job.status, rows: first.table.rows }));

// 3. Run it again with another column; what was read is kept for 24 hours.
const rerun = await call<Job>(`/api/jobs/${submitted.id}/rerun`, {
  method: 'POST',
  body: JSON.stringify({
    columns: [
      { name: 'date', type: 'date' },
      { name: 'balance', type: 'number' },
    ],
  }),
});
const second = await tableOf(rerun.id);
console.log(JSON.stringify({ status: second.job.status, rows: second.table.rows }));
