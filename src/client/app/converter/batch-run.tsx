import { Square } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { jobExportName } from '../../../shared/export-file-name';
import type { DocumentResult } from '../../../shared/extraction';
import type { Job } from '../../../shared/jobs';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Progress } from '../../components/ui/progress';
import { toast } from '../../lib/toast';
import { useDocumentReviews } from './use-document-reviews';
import { useJobCorrections } from '../../features/results/hooks/use-job-corrections';
import { useJobFollow } from '../../features/runs/hooks/use-job-follow';
import {
  batchOrigins,
  batchTable,
  documentLines,
  hasFallbackText,
  isJobFinished,
  jobFields,
  fromCacheText,
  jobSummary,
  withReadFields,
} from '../../features/runs/utils/batch-view';
import { pageImageUrlOf } from '../../features/results/utils/page-boxes';
import { forgetRunningJob } from '../../features/runs/utils/running-job';
import { useDocumentResults } from '../../features/results/api/get-document-result';
import { ResultPanel, useRevealOnMount } from '../../features/results/components/result-panel';
import { ResultToolbar } from '../../features/results/components/result-toolbar';
import {
  ResultWorkspace,
  type RecordResult,
} from '../../features/results/components/result-workspace';
import { RunProgressDetails } from '../../features/runs/components/run-progress-panel';
import { StreamedRows } from './streamed-rows';
import { RunAgainButton } from '../../features/results/components/run-again-button';
import { DocumentFilter, ALL_DOCUMENTS } from '../../features/results/components/document-filter';
import { DocumentStatusList } from '../../features/runs/components/document-status-list';
import { DocumentsTable } from './documents-table';
import { LineItemsSwitch } from '../../features/results/components/line-items-switch';
import { FallbackTextToggle } from '../../features/results/components/fallback-text-toggle';

type BatchRunProps = {
  jobId: string;
  /** Scroll to the batch and focus its heading: it was started here, not opened from a link. */
  isAnnounced: boolean;
  /** "Edit columns and run again", once the batch has ended: from its columns and description. */
  onRunAgain?: (job: Job) => void;
  /** A one-document job whose result came from cache: the same run, asking the model. */
  onAskAgain?: (result: DocumentResult) => void;
  /** A failed document of the ended batch, tried again alone as a new job. */
  onTryAgain?: (documentId: string) => Promise<void>;
};

/**
 * A batch (a job of several documents), running or stored: one line per document, the combined
 * table filling in as documents finish, a filter by document, Copy and the downloads of the
 * whole combined table, and Cancel while it runs. Its review is the server's: each document's
 * cells and pages' pictures, corrections saved with the job.
 */
export function BatchRun({
  jobId,
  isAnnounced,
  onRunAgain,
  onAskAgain,
  onTryAgain,
}: BatchRunProps) {
  const headingId = useId();
  const headingRef = useRevealOnMount<HTMLHeadingElement>(isAnnounced);
  const { view: followed, error, reconnecting, cancel, cancelDocument } = useJobFollow(jobId);
  const documents = useDocumentReviews(jobId, followed);
  // Each document's fields as its result was last read: a correction made here shows everywhere.
  const view = useMemo(() => withReadFields(followed, documents), [followed, documents]);
  const [filter, setFilter] = useState(ALL_DOCUMENTS);
  const [isCancelling, setIsCancelling] = useState(false);
  // The text of documents that gave no rows is not data: in the table only when asked for.
  const [withFallback, setWithFallback] = useState(false);
  const combined = useMemo(
    () => (view ? batchTable(view, { withFallback }) : null),
    [view, withFallback],
  );
  // A job with document fields shows one row per document, or the flat table of line items.
  const [isFlat, setIsFlat] = useState(false);
  const fields = useMemo(() => (view ? jobFields(view) : []), [view]);
  const records = useMemo(
    () => (view && fields.length > 0 ? documentLines(view) : null),
    [view, fields],
  );
  const origins = useMemo(
    () => (view ? batchOrigins(view, { withFallback }) : []),
    [view, withFallback],
  );
  const pageImageUrl = useMemo(() => pageImageUrlOf(documents), [documents]);
  const corrections = useJobCorrections(jobId);
  const filtered = documents.findIndex((document) => document.documentId === filter);
  const keep = useMemo(
    () => (filtered === -1 ? undefined : (index: number) => origins[index]?.document === filtered),
    [filtered, origins],
  );
  // One document of a batch with fields, opened: its fields above its line items, reviewed and
  // corrected as a single result's are, and its checks.
  const opened = records && isFlat && filtered !== -1 ? documents[filtered] : undefined;
  const documentRecord = useMemo<RecordResult | undefined>(() => {
    const source = combined?.columns[0]?.name;
    if (!opened || !source) return undefined;
    return {
      fields,
      values: opened.detail?.fieldValues ?? view?.fields?.[opened.documentId] ?? {},
      checks: opened.detail?.checks ?? [],
      batch: { document: filtered, sourceColumn: source },
    };
  }, [opened, combined, fields, view, filtered]);
  const gridColumns = useMemo(() => {
    if (!combined || !documentRecord) return combined?.columns ?? [];
    const isField = new Set(fields.map((field) => field.name));
    return combined.columns.filter((column) => !isField.has(column.name));
  }, [combined, documentRecord, fields]);
  const job = view?.job;
  const isRunning = job ? !isJobFinished(job) : false;
  const isSettled = error !== null || (job !== undefined && !isRunning);
  useEffect(() => {
    if (isSettled) forgetRunningJob(jobId);
  }, [isSettled, jobId]);

  // A one-document job (a single run, reopened from History or `?job=`, or followed after a
  // reload) ends as that run's result, not as a batch of one under a `source` column.
  const only = job?.documents.length === 1 ? job.documents[0] : undefined;
  const isOneResult = only !== undefined && !isRunning && only.status_code !== null;
  // While it runs, it shows the run's progress as the run itself did: parts, rows, time left.
  const onlyProgress = only && isRunning ? view?.progress?.[only.id] : undefined;
  const [oneResult] = useDocumentResults(jobId, isOneResult ? [only.id] : []);

  const onCancel = async () => {
    setIsCancelling(true);
    try {
      await cancel();
    } catch (cancelError) {
      toast.error('Error', { description: (cancelError as Error).message });
    } finally {
      setIsCancelling(false);
    }
  };

  if (isOneResult && oneResult?.result)
    return (
      <ResultPanel
        result={oneResult.result}
        isAnnounced={isAnnounced}
        onRunAgain={onRunAgain && job ? () => onRunAgain(job) : undefined}
        onAskAgain={onAskAgain}
      />
    );
  // Until its result is in, the heading waits too; one that cannot be had shows as a batch.
  if (isOneResult && !oneResult?.isFailed)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Opening the result…
      </p>
    );

  return (
    <section aria-labelledby={headingId} className="min-w-0 scroll-mt-4 space-y-4">
      <h2
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-20 text-xl font-semibold tracking-tight focus:outline-none"
      >
        Result
      </h2>
      {error ? (
        <Alert variant="error" role="alert">
          <p className="min-w-0 break-words">{error}</p>
        </Alert>
      ) : null}
      <p role="status" aria-live="polite" className={job ? 'text-sm font-medium' : 'sr-only'}>
        {job ? jobSummary(job, onlyProgress) : error ? '' : 'Opening the batch…'}
      </p>
      {job ? (
        <>
          {reconnecting ? <p className="text-sm text-muted-foreground">{reconnecting}</p> : null}
          <div className="flex flex-wrap items-center gap-3">
            {onlyProgress ? null : (
              <Progress
                value={job.documents_done}
                max={job.documents_total}
                aria-label="Documents done"
                aria-valuetext={`${job.documents_done} of ${job.documents_total} documents`}
                className="max-w-md flex-1 basis-48"
              />
            )}
            {isRunning ? (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={isCancelling}
                onClick={() => void onCancel()}
              >
                <Square aria-hidden="true" />
                {only ? 'Cancel' : 'Cancel batch'}
              </Button>
            ) : null}
          </div>
          {only && onlyProgress ? (
            <RunProgressDetails
              isPdf={/\.pdf$/i.test(only.name)}
              progress={onlyProgress}
              startedAt={only.started_at ? Date.parse(only.started_at) : undefined}
            />
          ) : null}
          <DocumentStatusList
            documents={job.documents}
            isFallbackShown={withFallback}
            onCancel={isJobFinished(job) ? undefined : cancelDocument}
            onTryAgain={isJobFinished(job) ? onTryAgain : undefined}
          />
          {fromCacheText(job) ? (
            <p className="text-sm text-muted-foreground">{fromCacheText(job)}</p>
          ) : null}
          {view && hasFallbackText(view) ? (
            <FallbackTextToggle isChecked={withFallback} onChange={setWithFallback} />
          ) : null}
          {only && onlyProgress ? (
            <StreamedRows columns={job.columns} fields={fields} progress={onlyProgress} />
          ) : null}
          {records && !onlyProgress ? (
            <LineItemsSwitch isChecked={isFlat} onChange={setIsFlat} />
          ) : null}
          {records && !isFlat && !onlyProgress ? (
            <div className="min-w-0 space-y-4">
              <ResultToolbar
                tables={{ shown: records.table, all: records.table }}
                name={jobExportName(job)}
              />
              <DocumentsTable
                fields={fields}
                lines={records.lines}
                documents={documents}
                onOpenItems={(documentId) => {
                  setFilter(documentId);
                  setIsFlat(true);
                }}
              />
            </div>
          ) : null}
          {combined && !onlyProgress && (!records || isFlat) ? (
            combined.rows.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                {isRunning || reconnecting
                  ? 'No rows yet: they appear here as each document finishes.'
                  : 'No rows were found.'}
              </p>
            ) : (
              <ResultWorkspace
                key={jobId}
                columns={gridColumns}
                rows={combined.rows}
                origins={origins}
                documents={documents}
                caption="Combined rows"
                decimals={combined.decimals}
                exportName={jobExportName(job)}
                documentFilter={{
                  key: filter,
                  keep,
                  control: (
                    <DocumentFilter documents={job.documents} value={filter} onChange={setFilter} />
                  ),
                }}
                actions={
                  !isRunning && onRunAgain ? (
                    <RunAgainButton onClick={() => onRunAgain(job)} />
                  ) : null
                }
                corrections={corrections}
                pageImageUrl={pageImageUrl}
                record={documentRecord}
              />
            )
          ) : null}
        </>
      ) : null}
    </section>
  );
}
