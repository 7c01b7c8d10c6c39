import { useId } from 'react';
import { Link } from 'react-router';
import { CREDITS_WAIT_DAYS, type Job, type JobDocument } from '../../../../shared/jobs';
import { usageWords } from '../../../../shared/usage-words';
import {
  cacheWords,
  columnNames,
  documentKindLabel,
  documentStatusWords,
  jobStatusWords,
  jobTitle,
  originWords,
  reviewWords,
  unreadWords,
} from '../job-format';
import { formatDateTime } from '../../../lib/format-date';
import { formatCount } from '../usage-format';
import { JobActions } from './job-actions';
import { JobIcon } from './job-icon';
import { StatusBadge } from './status-badge';

/**
 * One job as a card: what it was run on, when, its columns, rows and status in words, its
 * documents when it is a batch, and the ways to open or download it.
 */
export function JobEntry({ job, headingLevel }: { job: Job; headingLevel: 'h2' | 'h3' }) {
  const titleId = useId();
  const Heading = headingLevel;
  const date = formatDateTime(job.created_at);
  const title = jobTitle(job);
  const only = job.documents.length === 1 ? job.documents[0] : undefined;
  const kind = only ? documentKindLabel(only.kind, only.file_type) : 'Batch';
  const origin = originWords(job);
  const unread = unreadWords(job);
  const cached = cacheWords(job);
  const review = reviewWords(job);
  return (
    <li aria-labelledby={titleId} className="grid grid-cols-1 gap-3 rounded-lg border bg-card p-4">
      <div className="flex items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <JobIcon documents={job.documents} className="size-4" />
        </span>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <Heading id={titleId} className="min-w-0 font-medium leading-snug wrap-anywhere">
              {title}
            </Heading>
            <StatusBadge status={jobStatusWords(job)} />
          </div>
          <p className="text-sm text-muted-foreground">
            <span>{kind}</span>
            <Separator />
            <time dateTime={job.created_at}>{date}</time>
            <Separator />
            <span className="whitespace-nowrap">{formatCount(job.rows_total, 'row')}</span>
          </p>
          {origin ? <p className="text-sm wrap-anywhere">{origin}</p> : null}
          {unread ? <p className="text-sm wrap-anywhere text-muted-foreground">{unread}</p> : null}
          {cached ? <p className="text-sm text-muted-foreground">{cached}</p> : null}
          {review ? <p className="text-sm break-words">{review}</p> : null}
          {job.waiting_for_credits ? <WaitingForCredits count={job.waiting_for_credits} /> : null}
          {job.usage.calls > 0 ? (
            <p className="text-sm text-muted-foreground">
              {usageWords({
                inputTokens: job.usage.input_tokens,
                outputTokens: job.usage.output_tokens,
                calls: job.usage.calls,
                cost: job.usage.cost,
              })}
            </p>
          ) : null}
          <p className="text-sm break-words text-muted-foreground">
            <span className="font-medium text-foreground">
              {formatCount(job.columns.length, 'column')}:
            </span>{' '}
            {columnNames(job)}
          </p>
          {only?.message ? (
            <p className="text-sm break-words text-muted-foreground">{only.message}</p>
          ) : null}
        </div>
      </div>
      {only ? null : <BatchDocuments documents={job.documents} />}
      <JobActions job={job} name={`${title} from ${date}`} />
    </li>
  );
}

/** Documents kept until the owner has credits, and where to ask for them. */
function WaitingForCredits({ count }: { count: number }) {
  return (
    <p className="text-sm break-words">
      {count === 1 ? '1 document waits' : `${count} documents wait`} for credits and{' '}
      {count === 1 ? 'runs by itself' : 'run by themselves'} once you have some, for up to{' '}
      {CREDITS_WAIT_DAYS} days.{' '}
      <Link to="/pricing#request-credits" className="underline underline-offset-2">
        Request credits
      </Link>
    </p>
  );
}

function Separator() {
  return (
    <>
      <span aria-hidden="true"> · </span>
      <span className="sr-only">, </span>
    </>
  );
}

/** A batch's documents, each with its kind, rows and status. */
function BatchDocuments({ documents }: { documents: JobDocument[] }) {
  return (
    <ul aria-label="Documents" className="grid gap-1 rounded-md border bg-muted/40 p-2 text-sm">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-1 py-0.5">
          <JobIcon documents={[document]} className="size-4 shrink-0 text-muted-foreground" />
          {/* A batch's texts are named ("Text 1" or the name given), not quoted. */}
          <span className="min-w-0 grow basis-40 break-words">{document.name}</span>
          <span className="text-muted-foreground">
            {documentKindLabel(document.kind, document.file_type)}
            <Separator />
            <span className="whitespace-nowrap">{formatCount(document.rows, 'row')}</span>
          </span>
          <StatusBadge status={documentStatusWords(document)} />
        </li>
      ))}
    </ul>
  );
}
