// Whether a batch that lived through a fault ended as if nothing had happened: every document
// succeeded, every row is in the table once, every document was charged once and recorded once.
import { textOf } from '../../tests/support/fake-openai/types';
import type { Deployment } from './deployment';
import type { Measure } from './scenario';

export async function checkExactlyOnce(
  deployment: Deployment,
  run: { jobId: string; names: string[]; rows: number; creditsBefore: number },
): Promise<Measure[]> {
  const { jobId, names, rows } = run;
  const job = await deployment.waitFinished(jobId, 10 * 60_000);
  const result = (await (await deployment.call(`/api/jobs/${jobId}/result`)).json()) as {
    rows: { source: string; description: string }[];
  };
  const distinct = new Set(result.rows.map((row) => `${row.source}|${row.description}`));
  const { rows: charges } = await deployment.pool.query<{ charge: string; count: string }>(
    'select charge, count(*) from job_documents where job_id = $1 group by charge',
    [jobId],
  );
  const { rows: usage } = await deployment.pool.query<{ count: string }>(
    'select count(*) from usage_tracking where id in (select id from job_documents where job_id = $1)',
    [jobId],
  );
  const charged = run.creditsBefore - (await deployment.credits());
  const extractedTwice = names.filter(
    (name) =>
      deployment.fake.requests.filter((request) =>
        request.messages.some((message) => textOf(message).includes(`${name} payment 1 at`)),
      ).length > 1,
  ).length;
  const expected = names.length * rows;
  const isOnce =
    job?.status === 'succeeded' &&
    result.rows.length === expected &&
    distinct.size === expected &&
    charged === names.length &&
    Number(usage[0]?.count) === names.length;
  return [
    {
      measure: 'batch',
      value: `${job?.status ?? 'unreadable'}, ${job?.documents_done ?? '?'} of ${names.length} documents`,
      target: 'succeeded',
      isMet: job?.status === 'succeeded',
    },
    {
      measure: 'rows exactly once',
      value: `${result.rows.length} rows, ${distinct.size} distinct, of ${expected}; ${charged} credits for ${names.length} documents; ${usage[0]?.count ?? 0} usage records; charges ${charges.map((c) => `${c.charge} ${c.count}`).join(', ')}`,
      target: 'every row, credit and record once',
      isMet: isOnce,
    },
    { measure: 'documents sent to the model again', value: String(extractedTwice) },
  ];
}
