import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useEffectEvent,
  useId,
  useReducer,
  useRef,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react';
import type { Job } from '../../../shared/jobs';
import type { DocumentResult } from '../../../shared/extraction';
import {
  useConverterDraft,
  restoreConverterDraft,
} from '../../features/converter/hooks/use-converter-draft';
import { useConverterRun, type BatchStart } from '../../features/runs/hooks/use-converter-run';
import { useFileDropGuard } from '../../features/converter/hooks/use-file-drop-guard';
import { useFilePaste } from '../../features/converter/hooks/use-file-paste';
import { useConverterJobs } from '../../features/runs/hooks/use-converter-jobs';
import {
  converterFormReducer,
  initialForm,
  type ConverterForm,
  type FormErrors,
} from '../../features/converter/utils/converter-form';
import { loadChecks, type Checks } from '../../features/converter/utils/load-checks';
import { ColumnsSection } from '../../features/converter/components/columns-section';
import { columnNameId } from '../../features/converter/components/column-editor';
import { ContentTabs, contentFieldId } from '../../features/converter/components/content-tabs';
import { DescriptionField } from '../../features/converter/components/description-field';
import { PrivacyNotice } from '../../features/converter/components/privacy-notice';
import { RunControls } from '../../features/runs/components/run-controls';
import { TrialBanner } from '../../features/runs/components/trial-banner';

// What only a run shows (the rows, the result) loads when a run starts, not with the page: the
// home page stays light, and the table and its popovers come after.
const loadResultPanel = () => import('../../features/results/components/result-panel');
const ResultPanel = lazy(() => loadResultPanel().then((m) => ({ default: m.ResultPanel })));
const StreamedRows = lazy(() =>
  import('./streamed-rows').then((m) => ({ default: m.StreamedRows })),
);
// The trial-limit and no-credits modals load when one opens.
const ConverterModals = lazy(() =>
  import('../../features/runs/components/converter-modals').then((m) => ({
    default: m.ConverterModals,
  })),
);
// A job's view (its documents, the combined table) loads only when there is a job to show.
const BatchRun = lazy(() => import('./batch-run').then((m) => ({ default: m.BatchRun })));
// The inbox address and the schedule of the extractor in use: loaded once one is picked.
const ExtractorAutomation = lazy(async () => ({
  default: (await import('../../features/automation/components/extractor-automation'))
    .ExtractorAutomation,
}));

/** Moves focus to the first field with a message, once the message is on screen. */
function focusFirstError(baseId: string, form: ConverterForm, errors: FormErrors) {
  const first = errors.fields ? form.fields[0] : errors.columns ? form.columns[0] : undefined;
  const id = errors.content
    ? contentFieldId(baseId, form.tab)
    : first
      ? columnNameId(baseId, first)
      : null;
  if (id) requestAnimationFrame(() => document.getElementById(id)?.focus());
}

/**
 * The converter (SPEC.md section 2): content by file, text or URL, the columns, Run, the
 * streamed progress and the result. Several files run as a batch (a job): its documents and the
 * combined table show below, and the page's address names it. The same component serves
 * anonymous visitors on / and signed-in users on /extract; the server decides what a run costs.
 * What is typed or chosen is kept for the tab until Clear or a successful run (issue 20).
 */
export function Converter({ requestCredits }: { requestCredits?: ReactNode }) {
  const baseId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const [form, dispatch] = useReducer(
    converterFormReducer,
    undefined,
    () => restoreConverterDraft() ?? initialForm(),
  );
  const draft = useConverterDraft(form);
  const converter = useConverterRun();
  const { state } = converter;
  const jobs = useConverterJobs();
  const { jobId, rerunJobId, setRerunJobId, clearShortfall } = jobs;
  const isFocusingColumns = useRef(false);
  useEffect(() => {
    if (!isFocusingColumns.current) return;
    isFocusingColumns.current = false;
    const first = form.columns[0];
    const input = first ? document.getElementById(columnNameId(baseId, first)) : null;
    input?.scrollIntoView({ block: 'center' });
    input?.focus();
  });
  /** Starts from the job's own columns and description when it is not the form's last run. */
  const startRerun = (
    id: string,
    job?: Pick<Job, 'columns' | 'fields' | 'rules' | 'description'>,
  ) => {
    setRerunJobId(id);
    clearShortfall();
    if (job) {
      dispatch({
        type: 'replace-columns',
        columns: job.columns,
        fields: job.fields ?? [],
        rules: job.rules ?? [],
        by: 'the columns of that run',
      });
      dispatch({ type: 'description', description: job.description ?? '' });
    }
    isFocusingColumns.current = true;
  };
  const isRunning = state.phase === 'running' || jobs.isStarting;
  // A failed run's message is about the content it ran ("broken.pdf looks damaged"): other
  // content takes it away.
  const { dismissFailure } = converter;
  useEffect(() => {
    dismissFailure();
  }, [form.files, form.text, form.url, dismissFailure]);
  const [heldHeight, setHeldHeight] = useState<number | null>(null);

  // Input still being put in the form (files being checked, a template's columns): Run waits for
  // it, so that a Run pressed at once runs on what was just chosen.
  const pendingInput = useRef<Promise<unknown>>(Promise.resolve());
  const whenAdded = useCallback((added: Promise<unknown>) => {
    pendingInput.current = Promise.all([pendingInput.current, added.catch(() => undefined)]);
  }, []);

  // The check (a program's first bytes among them) loads with the first file chosen.
  const chooseFiles = useCallback(
    (files: File[]) => {
      const added = import('../../features/converter/utils/check-files')
        .then(({ checkFiles }) => checkFiles(files))
        .then(({ accepted, error }) => {
          dispatch({ type: 'tab', tab: 'file' });
          dispatch({ type: 'add-files', files: accepted, error });
        });
      whenAdded(added);
    },
    [whenAdded],
  );
  useFilePaste(rootRef, isRunning ? () => undefined : chooseFiles);
  useFileDropGuard();

  const showErrors = (errors: FormErrors) => {
    dispatch({ type: 'errors', errors });
    focusFirstError(baseId, form, errors);
  };

  const startJob = async (send: () => Promise<BatchStart>) => {
    const started = await jobs.startJob(send);
    if (started.kind === 'started') draft.discard();
    else if (started.kind === 'failed') showErrors({ content: started.message });
  };

  const runAgain = (id: string, { checkDefinitions }: Checks) => {
    const definitions = checkDefinitions(form);
    if (!definitions.ok) return showErrors(definitions.errors);
    dispatch({ type: 'errors', errors: {} });
    converter.reset();
    const description = form.description.trim();
    void startJob(() => converter.submitRerun(id, { ...definitions.value, description }));
  };

  /** A failed document of a finished job tried again alone; the page follows the new job. */
  const tryAgain = async (id: string, documentId: string) => {
    converter.reset();
    clearShortfall();
    setRerunJobId(null);
    const started = await jobs.startJob(() => converter.submitRetry(id, documentId));
    if (started.kind === 'failed') throw new Error(started.message);
  };

  /** A result from cache again, from what its run read, asking the model this time. */
  const askAgain = (result: DocumentResult) => {
    converter.reset();
    clearShortfall();
    setRerunJobId(null);
    void startJob(() =>
      converter.submitRerun(result.job_id, {
        columns: result.columns,
        fields: result.fieldDefinitions,
        // Every rule is checked on the result, so its checks hold the run's rules; an empty
        // description keeps the earlier run's.
        rules: result.checks.map((check) => check.rule),
        description: '',
        cache: false,
      }),
    );
  };

  const run = (checks: Checks) => {
    if (rerunJobId) return runAgain(rerunJobId, checks);
    const checked = checks.validateRun(form);
    if (!checked.ok) return showErrors(checked.errors);
    dispatch({ type: 'errors', errors: {} });
    void loadResultPanel();
    const { content, ...request } = checked.value;
    if (content.kind === 'files') {
      void startJob(() => converter.submitBatch({ files: content.files, ...request }));
      return;
    }
    jobs.closeJob();
    // The last result goes while the new run starts: the page keeps its height meanwhile, so
    // that nothing above moves (the browser would pull a page scrolled to its foot up).
    setHeldHeight(rootRef.current?.offsetHeight ?? null);
    void converter.submit({ content, ...request }).then((outcome) => {
      // What ran stays on screen to run again; only the kept draft goes.
      if (outcome?.kind === 'done' && outcome.result.status === 200) draft.discard();
      // The address names the run's job, so that a reload or a shared link opens its result.
      if (outcome?.kind === 'done') jobs.followJob(outcome.result.job_id);
      // The stream broke but the run goes on: follow its job, as a reload would.
      if (outcome?.kind === 'detached') jobs.followJob(outcome.jobId);
    });
  };

  // Run, once its checks and any columns being applied are in: it runs in an effect, on the form
  // as it is then, not as it was when Run was pressed.
  const isChecking = useRef(false);
  const [runRequest, setRunRequest] = useState<{ checks: Checks } | null>(null);
  const runRequested = useEffectEvent((checks: Checks) => {
    isChecking.current = false;
    run(checks);
  });
  useEffect(() => {
    if (runRequest) runRequested(runRequest.checks);
  }, [runRequest]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Only the converter's own form runs: a form shown from inside it (a dialog's, through a
    // portal) must never start a run, even if its submit event reaches this far.
    if (event.target !== event.currentTarget || isRunning || isChecking.current) return;
    isChecking.current = true;
    clearShortfall();
    void Promise.all([loadChecks(), pendingInput.current]).then(
      ([checks]) => setRunRequest({ checks }),
      (error: Error) => {
        isChecking.current = false;
        showErrors({ content: error.message });
      },
    );
  };

  return (
    <div
      ref={rootRef}
      className="grid min-w-0 grid-cols-1 content-start gap-6"
      style={state.phase === 'running' && heldHeight ? { minHeight: heldHeight } : undefined}
    >
      <form
        noValidate
        aria-label="Converter"
        onSubmit={onSubmit}
        // The checks Run needs load while the person fills the form in.
        onFocus={() => void loadChecks().catch(() => undefined)}
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
          onTemplateApplying={whenAdded}
          extractorAutomation={(extractor) => (
            <ExtractorAutomation key={extractor.id} extractor={extractor} />
          )}
          onClear={() => {
            converter.reset();
            jobs.closeJob();
            setRerunJobId(null);
            clearShortfall();
          }}
        />
        <RunControls
          state={state}
          isStartingBatch={jobs.isStarting}
          rerun={
            rerunJobId
              ? {
                  onStop: () => {
                    setRerunJobId(null);
                    clearShortfall();
                  },
                }
              : null
          }
          shortfall={jobs.shortfall}
          onCancel={converter.cancel}
        />
      </form>
      {jobId && state.phase === 'idle' ? (
        <Suspense fallback={null}>
          <BatchRun
            key={jobId}
            jobId={jobId}
            isAnnounced={jobs.isJobAnnounced}
            onRunAgain={(job) => startRerun(jobId, job)}
            onTryAgain={(documentId) => tryAgain(jobId, documentId)}
            onAskAgain={askAgain}
          />
        </Suspense>
      ) : null}
      {state.phase === 'running' ? (
        <Suspense fallback={null}>
          <StreamedRows columns={state.columns} fields={state.fields} progress={state.progress} />
        </Suspense>
      ) : null}
      {state.phase === 'done' ? (
        <Suspense fallback={null}>
          <ResultPanel
            result={state.result}
            isAnnounced
            onRunAgain={() => startRerun(state.result.job_id)}
            onAskAgain={askAgain}
          />
        </Suspense>
      ) : null}
      {converter.modal ? (
        <Suspense fallback={null}>
          <ConverterModals
            modal={converter.modal}
            onClose={() => converter.setModal(null)}
            runButton={() => rootRef.current?.querySelector<HTMLElement>('button[type="submit"]')}
            trial={converter.trial}
            requestCredits={requestCredits}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
