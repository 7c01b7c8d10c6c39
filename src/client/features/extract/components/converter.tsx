import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useReducer,
  useRef,
  useState,
  type FormEvent,
} from 'react';
import { useSearchParams } from 'react-router';
import { useConverterRun, type BatchStart } from '../hooks/use-converter-run';
import { useFileDropGuard } from '../hooks/use-file-drop-guard';
import { useFilePaste } from '../hooks/use-file-paste';
import {
  converterFormReducer,
  initialForm,
  type ConverterForm,
  type FormErrors,
} from '../utils/converter-form';
import { forgetRunningJob, readRunningJob, rememberRunningJob } from '../utils/running-job';
import { checkColumns, validateRun } from '../utils/validate-run';
import { ColumnsSection } from './columns-section';
import { columnNameId } from './column-editor';
import { ContentTabs, contentFieldId } from './content-tabs';
import { DescriptionField } from './description-field';
import { PrivacyNotice } from './privacy-notice';
import { RunControls } from './run-controls';
import { TrialBanner } from './trial-banner';

// What only a run shows (the rows, the result, the modals) loads when a run starts, not with the
// page: the home page stays light, and the table, its popovers and the dialogs come after.
const loadResultPanel = () => import('./result/result-panel');
const ResultPanel = lazy(() => loadResultPanel().then((m) => ({ default: m.ResultPanel })));
const StreamedRows = lazy(() =>
  import('./streamed-rows').then((m) => ({ default: m.StreamedRows })),
);
const TrialLimitDialog = lazy(() =>
  import('./trial-limit-dialog').then((m) => ({ default: m.TrialLimitDialog })),
);
// A batch's view (its documents, the combined table) loads only when there is a batch to show.
const BatchRun = lazy(() => import('./batch/batch-run').then((m) => ({ default: m.BatchRun })));
const NoCreditsDialog = lazy(() =>
  import('./no-credits-dialog').then((m) => ({ default: m.NoCreditsDialog })),
);

/** Moves focus to the first field with a message, once the message is on screen. */
function focusFirstError(baseId: string, form: ConverterForm, errors: FormErrors) {
  const first = form.columns[0];
  const id = errors.content
    ? contentFieldId(baseId, form.tab)
    : errors.columns && first
      ? columnNameId(baseId, first)
      : null;
  if (id) requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * The batch the page shows: `?job=<id>`, so that a reload or a link opens it again. Coming back
 * without one while this tab's batch has not been seen to end shows that batch.
 */
function useJobParam() {
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const hasJob = jobId !== null;
  const setJobId = useCallback(
    (id: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (id) next.set('job', id);
          else next.delete('job');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  useEffect(() => {
    const running = hasJob ? null : readRunningJob();
    if (running) setJobId(running);
    // Only when the page is opened: a batch closed on purpose (Clear, another run) stays closed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [jobId, setJobId] as const;
}

/**
 * The converter (SPEC.md section 2): content by file, text or URL, the columns, Run, the
 * streamed progress and the result. Several files run as a batch (a job): its documents and the
 * combined table show below, and the page's address names it. The same component serves
 * anonymous visitors on / and signed-in users on /extract; the server decides what a run costs.
 */
export function Converter() {
  const baseId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [form, dispatch] = useReducer(converterFormReducer, undefined, initialForm);
  const converter = useConverterRun();
  const { state } = converter;
  const [jobId, setJobId] = useJobParam();
  const [isStartingBatch, setIsStartingBatch] = useState(false);
  // Only a batch started here is scrolled to; one opened by its address is where the page is.
  const [startedJobId, setStartedJobId] = useState<string | null>(null);
  // "Edit columns and run again": the job whose read documents the next Run uses.
  const [rerunJobId, setRerunJobId] = useState<string | null>(null);
  const startRerun = (id: string) => {
    setRerunJobId(id);
    const first = form.columns[0];
    if (first)
      requestAnimationFrame(() => {
        const input = document.getElementById(columnNameId(baseId, first));
        input?.scrollIntoView({ block: 'center' });
        input?.focus();
      });
  };
  const isRunning = state.phase === 'running' || isStartingBatch;
  // Another run, or Clear, closes the batch shown (it goes on on the server, and stays listed).
  const closeJob = () => {
    if (jobId) forgetRunningJob(jobId);
    setJobId(null);
  };

  // The check (a program's first bytes among them) loads with the first file chosen.
  const chooseFiles = useCallback((files: File[]) => {
    void import('../utils/check-files')
      .then(({ checkFiles }) => checkFiles(files))
      .then(({ accepted, error }) => {
        dispatch({ type: 'tab', tab: 'file' });
        dispatch({ type: 'add-files', files: accepted, error });
      });
  }, []);
  useFilePaste(rootRef, isRunning ? () => undefined : chooseFiles);
  useFileDropGuard();

  const showErrors = (errors: FormErrors) => {
    dispatch({ type: 'errors', errors });
    focusFirstError(baseId, form, errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRunning) return;
    if (rerunJobId) {
      const columns = checkColumns(form);
      if (!columns.ok) {
        showErrors(columns.errors);
        return;
      }
      dispatch({ type: 'errors', errors: {} });
      converter.reset();
      void startJob(() =>
        converter.submitRerun(rerunJobId, {
          columns: columns.value,
          description: form.description.trim(),
        }),
      );
      return;
    }
    const checked = validateRun(form);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    dispatch({ type: 'errors', errors: {} });
    void loadResultPanel();
    const { content, columns, description } = checked.value;
    if (content.kind === 'files') {
      void startJob(() => converter.submitBatch({ files: content.files, columns, description }));
      return;
    }
    closeJob();
    void converter.submit({ content, columns, description });
  };

  const startJob = async (send: () => Promise<BatchStart>) => {
    setIsStartingBatch(true);
    try {
      const started = await send();
      if (started.kind === 'started') {
        setRerunJobId(null);
        rememberRunningJob(started.jobId);
        setStartedJobId(started.jobId);
        setJobId(started.jobId);
      } else if (started.kind === 'failed') showErrors({ content: started.message });
    } finally {
      setIsStartingBatch(false);
    }
  };

  return (
    <div ref={rootRef} className="grid min-w-0 grid-cols-1 gap-6">
      <form
        noValidate
        aria-label="Converter"
        onSubmit={onSubmit}
        className="grid min-w-0 grid-cols-1 gap-6 rounded-xl border bg-card p-4 text-card-foreground shadow-sm sm:p-6"
      >
        <PrivacyNotice />
        {converter.trial ? <TrialBanner status={converter.trial} /> : null}
        <ContentTabs
          baseId={baseId}
          form={form}
          dispatch={dispatch}
          onFiles={chooseFiles}
          disabled={isRunning}
        />
        <DescriptionField
          id={`${baseId}-description`}
          value={form.description}
          disabled={isRunning}
          onChange={(description) => dispatch({ type: 'description', description })}
        />
        <ColumnsSection
          baseId={baseId}
          form={form}
          dispatch={dispatch}
          disabled={isRunning}
          onInvalidContent={showErrors}
          onClear={() => {
            converter.reset();
            closeJob();
          }}
        />
        <RunControls
          state={state}
          isStartingBatch={isStartingBatch}
          rerun={rerunJobId ? { onStop: () => setRerunJobId(null) } : null}
          onCancel={converter.cancel}
        />
      </form>
      {jobId && state.phase === 'idle' ? (
        <Suspense fallback={null}>
          <BatchRun
            key={jobId}
            jobId={jobId}
            isAnnounced={jobId === startedJobId}
            onRunAgain={() => startRerun(jobId)}
          />
        </Suspense>
      ) : null}
      {state.phase === 'running' ? (
        <Suspense fallback={null}>
          <StreamedRows columns={state.columns} progress={state.progress} />
        </Suspense>
      ) : null}
      {state.phase === 'done' ? (
        <Suspense fallback={null}>
          <ResultPanel
            result={state.result}
            isAnnounced
            onRunAgain={() => startRerun(state.result.job_id)}
          />
        </Suspense>
      ) : null}
      {converter.modal === 'trial-limit' ? (
        <Suspense fallback={null}>
          <TrialLimitDialog
            open
            onOpenChange={(open) => converter.setModal(open ? 'trial-limit' : null)}
          />
        </Suspense>
      ) : null}
      {converter.modal === 'no-credits' ? (
        <Suspense fallback={null}>
          <NoCreditsDialog
            open
            onOpenChange={(open) => converter.setModal(open ? 'no-credits' : null)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
