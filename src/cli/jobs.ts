import type { Job } from '../shared/jobs';
import { createLogger } from '../server/logger';
import { cancelJob } from '../server/modules/jobs/cancel-job';
import { getJob, listJobs } from '../server/modules/jobs/get-job';
import { createFileStorage } from '../server/storage/index';
import { parseCommandLine, UsageError, wholeNumberOption } from './command-line';
import { formatTable } from './format-table';
import { withDatabase } from './with-database';

const USAGE = `Usage:
  rowsmith jobs list [--limit N] [--json]   The newest jobs, of every owner
  rowsmith jobs show <id> [--json]          One job and its documents
  rowsmith jobs cancel <id>                 Stop a job: documents not yet done are refunded`;

const OPERATOR = { operator: true } as const;
const JOB_HEADER = ['JOB', 'STATUS', 'DOCUMENTS', 'ROWS', 'CREATED'];

/** `rowsmith jobs list | show | cancel`: operator commands on the configured database. */
export async function jobsCommand(args: string[]): Promise<number> {
  const line = parseCommandLine(args, USAGE, {
    options: { json: { type: 'boolean' }, limit: { type: 'string' } },
  });
  if (!line) return 0;
  const { values, positionals } = line;
  const [action, id] = positionals;
  const asJson = values.json === true;
  const wrong = (message: string) => new UsageError(message, USAGE);
  if (!action) throw wrong('Say what to do: list, show or cancel.');
  if (action === 'list') {
    const limit = wholeNumberOption(values.limit, {
      name: '--limit',
      min: 1,
      max: 500,
      usage: USAGE,
    });
    return list(limit ?? 20, asJson);
  }
  if (action !== 'show' && action !== 'cancel')
    throw wrong(`Unknown action "${action}"; jobs can list, show or cancel.`);
  if (!id) throw wrong(`jobs ${action} needs a job id (\`rowsmith jobs list\` shows them).`);
  return action === 'show' ? show(id, asJson) : cancel(id);
}

function list(limit: number, asJson: boolean): Promise<number> {
  return withDatabase(async ({ db }) => {
    const page = await listJobs({ db, viewer: OPERATOR, limit, offset: 0 });
    if (asJson) console.log(JSON.stringify(page, null, 2));
    else
      console.log(
        page.jobs.length === 0 ? 'No jobs yet.' : formatTable(JOB_HEADER, page.jobs.map(jobLine)),
      );
    return 0;
  });
}

function show(id: string, asJson: boolean): Promise<number> {
  return withDatabase(async ({ db }) => {
    const job = await getJob({ db, viewer: OPERATOR, jobId: id });
    if (asJson) {
      console.log(JSON.stringify(job, null, 2));
      return 0;
    }
    console.log(formatTable(JOB_HEADER, [jobLine(job)]));
    console.log('');
    const documents = job.documents.map((document) => [
      document.name,
      document.status,
      document.status_code === null ? '-' : String(document.status_code),
      String(document.rows),
      document.message ?? '',
    ]);
    console.log(formatTable(['DOCUMENT', 'STATUS', 'CODE', 'ROWS', 'MESSAGE'], documents));
    return 0;
  });
}

function cancel(id: string): Promise<number> {
  return withDatabase(async ({ env, db }) => {
    const deps = {
      db,
      storage: createFileStorage(env),
      logger: createLogger('silent'),
      workerId: 'operator',
    };
    const job = await cancelJob(deps, { viewer: OPERATOR, jobId: id });
    console.log(`Job ${job.id} is ${job.status}.`);
    return 0;
  });
}

function jobLine(job: Job): string[] {
  return [
    job.id,
    job.status,
    `${job.documents_done}/${job.documents_total}`,
    String(job.rows_total),
    job.created_at.slice(0, 19).replace('T', ' '),
  ];
}
