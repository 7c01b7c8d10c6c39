import { useEffect, useId, useMemo, useRef } from 'react';
import { sourceName } from '../../../../../shared/export-file-name';
import type { DocumentResult } from '../../../../../shared/extraction';
import { usageWords } from '../../../../../shared/usage-words';
import { useJobCorrections } from '../../hooks/use-job-corrections';
import { pageImageUrlOf } from '../../utils/page-boxes';
import type { DocumentReview } from '../../utils/table-review';
import { CachedResultNotice } from './cached-result-notice';
import { FallbackText } from './fallback-text';
import { ResultNotices } from './result-notices';
import { ResultWorkspace } from './result-workspace';
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
  const rows = `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
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
export function ResultPanel(props: ResultPanelProps) {
  const { result, isAnnounced = false, onRunAgain, onAskAgain } = props;
  const headingId = useId();
  const headingRef = useRevealOnMount<HTMLHeadingElement>(isAnnounced);
  const documents = useMemo<DocumentReview[]>(
    () => [
      {
        documentId: result.document_id,
        name: null,
        fileType: result.source.fileType,
        detail: { cells: result.cells, sourceText: result.sourceText, pages: result.pages },
      },
    ],
    [result],
  );
  const pageImageUrl = useMemo(() => pageImageUrlOf(documents), [documents]);
  const corrections = useJobCorrections(result.job_id);
  const origins = useMemo(() => result.rows.map((_, row) => ({ document: 0, row })), [result]);
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
      {result.fallback === 'no_rows' ? (
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
            rows={result.rows}
            origins={origins}
            documents={documents}
            caption="Extracted rows"
            decimals={result.decimals}
            exportName={sourceName(result.source)}
            actions={onRunAgain ? <RunAgainButton onClick={onRunAgain} /> : null}
            corrections={corrections}
            pageImageUrl={pageImageUrl}
          />
        </>
      )}
    </section>
  );
}
