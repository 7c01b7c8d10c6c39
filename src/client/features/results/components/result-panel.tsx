import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { sourceName } from '../../../../shared/export-file-name';
import type { DocumentResult } from '../../../../shared/extraction';
import { usageWords } from '../../../../shared/usage-words';
import { useDocumentResults } from '../api/get-document-result';
import type { CorrectionStore } from '../hooks/use-cell-corrections';
import { useJobCorrections } from '../hooks/use-job-corrections';
import { pageImageUrlOf } from '../utils/page-boxes';
import type { DocumentReview } from '../utils/table-review';
import { CachedResultNotice } from './cached-result-notice';
import { FallbackText } from './fallback-text';
import { ResultNotices } from './result-notices';
import { ResultWorkspace, type RecordResult } from './result-workspace';
import { RunAgainButton } from './run-again-button';

export type ResultPanelProps = {
  /** A run's answer, or a one-document job's result reopened (from History or `?job=`). */
  result: DocumentResult;
  /** Scroll the result into view and move focus to its heading once it is shown. */
  isAnnounced?: boolean;
  /** "Edit columns and run again": new columns on what was read, without reading again. */
  onRunAgain?: () => void;
  /** For a result from cache: the same run again, asking the model this time. */
  onAskAgain?: (result: DocumentResult) => void;
};

/**
 * A new run's result starts its table afresh (unsorted, page 1, no review open), even where it
 * replaces another; the same document read again after a correction keeps it as it is.
 */
const tableKey = (result: DocumentResult) => `${result.job_id}/${result.document_id}`;

function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** '57 rows from statement.pdf · gpt-4o · 4.2 s · 1 model call, 900 tokens in, 120 out' */
export function resultSummary(result: DocumentResult): string {
  // SPEC's fallback rows are not rows of data.
  const count = result.fallback ? 0 : result.rows.length;
  const fields = result.fieldDefinitions.length;
  const rowWords = `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
  const rows =
    fields > 0 ? `${fields} ${fields === 1 ? 'field' : 'fields'} and ${rowWords}` : rowWords;
  const from = result.source.fileName ?? result.source.title ?? result.source.url;
  const engine = result.engine === 'offline' ? 'offline extractor' : (result.model ?? 'AI model');
  return [
    from ? `${rows} from ${from}` : rows,
    engine,
    duration(result.timings.totalMs),
    result.fromCache ? 'from cache, no model call' : usageWords(result.usage),
  ]
    .filter(Boolean)
    .join(' · ');
}

/**
 * Brings a section that has just appeared into view and puts focus on its heading, so that a
 * screen reader says where the user now is.
 */
export function useRevealOnMount<T extends HTMLElement>(isEnabled: boolean) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const heading = ref.current;
    if (!isEnabled || !heading) return;
    const isReduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading.focus({ preventScroll: true });
    heading.scrollIntoView({ block: 'start', behavior: isReduced ? 'auto' : 'smooth' });
  }, [isEnabled]);
  return ref;
}

/**
 * A finished run: what to know about it, Copy and the downloads, the table and its review, whose
 * corrections are saved with the run's job and whose PDFs and images show their pages' pictures.
 */
/**
 * The job's corrections; where rules are checked, a correction has the server check them again,
 * so the result is read again from then on (its checks and RULE_FAILED flags as they now stand).
 */
function useRecheckedResult(result: DocumentResult) {
  const store = useJobCorrections(result.job_id);
  const [isCorrected, setIsCorrected] = useState(false);
  const hasChecks = result.checks.length > 0;
  const [fresh] = useDocumentResults(
    result.job_id,
    hasChecks && isCorrected ? [result.document_id] : [],
  );
  const corrections = useMemo<CorrectionStore>(
    () =>
      hasChecks
        ? {
            save: async (cell, value) => {
              const saved = await store.save(cell, value);
              setIsCorrected(true);
              return saved;
            },
            undo: async (cell, id) => {
              await store.undo(cell, id);
              setIsCorrected(true);
            },
          }
        : store,
    [hasChecks, store],
  );
  return { shown: fresh?.result ?? result, corrections };
}

export function ResultPanel(props: ResultPanelProps) {
  const { isAnnounced = false, onRunAgain, onAskAgain } = props;
  const headingId = useId();
  const headingRef = useRevealOnMount<HTMLHeadingElement>(isAnnounced);
  const { shown: result, corrections } = useRecheckedResult(props.result);
  const documents = useMemo<DocumentReview[]>(
    () => [
      {
        documentId: result.document_id,
        name: null,
        fileType: result.source.fileType,
        detail: {
          cells: result.cells,
          sourceText: result.sourceText,
          pages: result.pages,
          fieldCells: result.fieldCells,
        },
      },
    ],
    [result],
  );
  const record = useMemo<RecordResult | undefined>(
    () =>
      result.fieldDefinitions.length > 0 || result.checks.length > 0
        ? { fields: result.fieldDefinitions, values: result.fields, checks: result.checks }
        : undefined,
    [result],
  );
  const pageImageUrl = useMemo(() => pageImageUrlOf(documents), [documents]);
  // A record's fields stand without rows: SPEC's stand-in rows are left out, not shown as text.
  const rows = useMemo(() => (record && result.fallback ? [] : result.rows), [record, result]);
  const origins = useMemo(() => rows.map((_, row) => ({ document: 0, row })), [rows]);
  return (
    <section aria-labelledby={headingId} className="min-w-0 scroll-mt-4 space-y-4">
      <div className="space-y-1">
        <h2
          id={headingId}
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-20 text-xl font-semibold tracking-tight focus:outline-none"
        >
          Result
        </h2>
        <p className="text-sm break-words text-muted-foreground">{resultSummary(result)}</p>
      </div>
      {result.fromCache ? (
        <CachedResultNotice
          fromCache={result.fromCache}
          onAskAgain={onAskAgain ? () => onAskAgain(result) : undefined}
        />
      ) : null}
      {/* No rows found: SPEC's fallback is the start of the text, shown as text, not as a table. */}
      {result.fallback === 'no_rows' && !record ? (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <ResultNotices result={result} />
            <FallbackText result={result} />
          </div>
          {onRunAgain ? <RunAgainButton onClick={onRunAgain} /> : null}
        </>
      ) : (
        <>
          <ResultNotices result={result} />
          <ResultWorkspace
            key={tableKey(result)}
            columns={result.columns}
            rows={rows}
            origins={origins}
            documents={documents}
            caption="Extracted rows"
            decimals={result.decimals}
            exportName={sourceName(result.source)}
            actions={onRunAgain ? <RunAgainButton onClick={onRunAgain} /> : null}
            corrections={corrections}
            pageImageUrl={pageImageUrl}
            record={record}
          />
        </>
      )}
    </section>
  );
}
