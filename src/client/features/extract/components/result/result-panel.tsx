import { useEffect, useId, useMemo, useRef } from 'react';
import type { DocumentResult } from '../../../../../shared/extraction';
import type { SaveCorrection } from '../../hooks/use-cell-corrections';
import type { PageImageUrl } from '../../utils/page-boxes';
import type { DocumentReview } from '../../utils/table-review';
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
  /** Saves a correction on the server (decision 022); without it corrections stay in the page. */
  onCorrect?: SaveCorrection;
  /** The rendered page of a PDF or image; without it the text passage is shown. */
  pageImageUrl?: PageImageUrl;
};

// A new result starts its table afresh (unsorted, page 1), even where it replaces another.
const tableKeys = new WeakMap<DocumentResult, number>();
const counter = { next: 0 };
function tableKey(result: DocumentResult): number {
  let key = tableKeys.get(result);
  if (key === undefined) {
    key = counter.next++;
    tableKeys.set(result, key);
  }
  return key;
}

function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** '57 rows from statement.pdf · gpt-4o · 4.2 s' */
export function resultSummary(result: DocumentResult): string {
  // SPEC's fallback rows are not rows of data.
  const count = result.fallback ? 0 : result.rows.length;
  const rows = `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
  const from = result.source.fileName ?? result.source.title ?? result.source.url;
  const engine = result.engine === 'offline' ? 'offline extractor' : (result.model ?? 'AI model');
  return [from ? `${rows} from ${from}` : rows, engine, duration(result.timings.totalMs)].join(
    ' · ',
  );
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

/** A finished run: what to know about it, Copy and the downloads, the table and its review. */
export function ResultPanel(props: ResultPanelProps) {
  const { result, isAnnounced = false, onRunAgain } = props;
  const headingId = useId();
  const headingRef = useRevealOnMount<HTMLHeadingElement>(isAnnounced);
  const documents = useMemo<DocumentReview[]>(
    () => [
      {
        documentId: result.document_id,
        name: null,
        fileType: result.source.fileType,
        detail: { cells: result.cells, sourceText: result.sourceText },
      },
    ],
    [result],
  );
  const origins = useMemo(() => result.rows.map((_, row) => ({ document: 0, row })), [result]);
  // No rows found: SPEC's fallback is the start of the text, shown as text, not as a table.
  if (result.fallback === 'no_rows')
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
        <div className="grid gap-4 lg:grid-cols-2">
          <ResultNotices result={result} />
          <FallbackText result={result} />
        </div>
        {onRunAgain ? <RunAgainButton onClick={onRunAgain} /> : null}
      </section>
    );
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
      <ResultNotices result={result} />
      <ResultWorkspace
        key={tableKey(result)}
        columns={result.columns}
        rows={result.rows}
        origins={origins}
        documents={documents}
        caption="Extracted rows"
        exportSource={result.source}
        actions={onRunAgain ? <RunAgainButton onClick={onRunAgain} /> : null}
        onCorrect={props.onCorrect}
        pageImageUrl={props.pageImageUrl}
      />
    </section>
  );
}
