import { useLayoutEffect, useRef } from 'react';
import { sourceWindow, type SourceMark } from '../../utils/source-window';

type SourcePassageProps = {
  text: string;
  marks: readonly SourceMark[];
  /** The page the value was found on (PDFs and images). */
  page: number | null;
  /** Fewer lines around the value (a phone). */
  isCompact?: boolean;
};

const MARKS = {
  value:
    'rounded-sm bg-yellow-200 px-0.5 text-yellow-950 dark:bg-yellow-400/30 dark:text-yellow-50',
  row: 'rounded-sm outline-1 outline-offset-1 outline-sky-700 outline-dashed dark:outline-sky-400',
} as const;

/**
 * The lines of the source around a reviewed value: the value highlighted where it was found, the
 * other values of its row outlined, scrolled so the value is in view.
 */
export function SourcePassage({ text, marks, page, isCompact = false }: SourcePassageProps) {
  const boxRef = useRef<HTMLPreElement>(null);
  const window = sourceWindow(text, marks, {
    contextLines: isCompact ? 1 : 3,
    maxCharacters: isCompact ? 600 : 1500,
  });
  const shownKey = JSON.stringify(marks);
  useLayoutEffect(() => {
    const box = boxRef.current;
    const target = box?.querySelector<HTMLElement>('mark') ?? box?.querySelector('[data-row]');
    if (box && target instanceof HTMLElement)
      box.scrollTop = Math.max(0, target.offsetTop - box.clientHeight / 2);
  }, [text, shownKey]);
  if (!window) return <p className="text-muted-foreground">The source passage is not available.</p>;
  const hasValue = window.pieces.some((piece) => piece.kind === 'value');
  const hasRow = window.pieces.some((piece) => piece.kind === 'row');
  return (
    <div className="space-y-1.5">
      {page !== null ? <p className="text-xs text-muted-foreground">Page {page}</p> : null}
      {/* Focusable, so that a long passage can be scrolled with the keyboard. */}
      <pre
        ref={boxRef}
        tabIndex={0}
        role="group"
        aria-label="Source passage"
        className="relative max-h-72 overflow-auto rounded-md border bg-muted px-3 py-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-ring"
      >
        {window.clippedStart && '…'}
        {window.pieces.map((piece, index) =>
          piece.kind === 'value' ? (
            <mark key={index} className={MARKS.value}>
              {piece.text}
            </mark>
          ) : piece.kind === 'row' ? (
            <span key={index} data-row="" className={MARKS.row}>
              {piece.text}
            </span>
          ) : (
            piece.text
          ),
        )}
        {window.clippedEnd && '…'}
      </pre>
      <p className="text-xs text-muted-foreground">
        {hasValue ? 'Highlighted: where the value was found.' : 'The value is not in the source.'}
        {hasRow ? ' Outlined: the other values of its row.' : ''}
      </p>
    </div>
  );
}
