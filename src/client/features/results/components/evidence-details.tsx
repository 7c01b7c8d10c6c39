import { TriangleAlert } from 'lucide-react';
import type { CellReview } from '../../../../shared/extraction';
import { Spinner } from '../../../components/ui/spinner';
import type { CellProvenance } from '../utils/cell-evidence';
import { evidencePassage } from '../utils/evidence-passage';
import { LONG_CELL_CHARACTERS } from './result-cell';

/** PRODUCT.md section 5: a value the source does not contain is flagged, in these words. */
export const NOT_FOUND_EXPLANATION =
  'This value was not found in the source. The model may have inferred or reformatted it; check it before you rely on it.';

type Found = Extract<CellProvenance, { kind: 'found' }>['evidence'];

function NotFound() {
  return (
    <>
      <p className="flex items-center gap-2 font-medium text-amber-800 dark:text-amber-300">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
        Not found in the source
      </p>
      <p>{NOT_FOUND_EXPLANATION}</p>
    </>
  );
}

function Passage({ evidence, sourceText }: { evidence: Found; sourceText: string }) {
  const passage = evidencePassage(sourceText, evidence);
  const how =
    evidence.match === 'exact'
      ? 'Exact match'
      : 'Normalized match: found after ignoring case, spacing, or number and date formatting';
  return (
    <>
      <p className="font-medium">Found in the source</p>
      <p className="text-xs text-muted-foreground">
        {evidence.page !== null && `Page ${evidence.page} · `}
        {how}
      </p>
      {passage ? (
        // Focusable, so that a long passage can be scrolled with the keyboard.
        <blockquote
          tabIndex={0}
          className="max-h-60 overflow-y-auto rounded-md border-l-4 border-primary/60 bg-muted px-3 py-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-ring"
        >
          {passage.clippedStart && '…'}
          {passage.before}
          <mark className="rounded-sm bg-yellow-200 px-0.5 text-yellow-950 dark:bg-yellow-400/30 dark:text-yellow-50">
            {passage.match}
          </mark>
          {passage.after}
          {passage.clippedEnd && '…'}
        </blockquote>
      ) : (
        <p className="text-muted-foreground">The source passage is not available.</p>
      )}
    </>
  );
}

function Source({
  provenance,
  sourceText,
}: {
  provenance: CellProvenance;
  sourceText: string | null;
}) {
  if (provenance.kind === 'none') return null;
  if (provenance.kind === 'not-found') return <NotFound />;
  if (provenance.kind === 'pending' || sourceText === null)
    return (
      <p role="status" className="flex items-center gap-2 text-muted-foreground">
        <Spinner className="size-4" />
        Loading the source…
      </p>
    );
  return <Passage evidence={provenance.evidence} sourceText={sourceText} />;
}

type EvidenceDetailsProps = {
  column: string;
  rowNumber: number;
  value: string;
  provenance: CellProvenance;
  review: CellReview | null;
  extracted: string | null;
  sourceText: string | null;
};

/** Why a cell is flagged (the reasons' words), or what the user did with it. */
export function ReviewStatus({
  review,
  extracted,
}: {
  review: CellReview | null;
  extracted: string | null;
}) {
  if (!review) return null;
  if (review.edited)
    return <p>You corrected this value{extracted ? `; the model gave “${extracted}”` : ''}.</p>;
  if (review.accepted) return <p>You accepted this value.</p>;
  if (!review.flagged) return null;
  return (
    <div className="space-y-1">
      <p className="font-medium text-amber-800 dark:text-amber-300">Flagged for review</p>
      <ul className="list-disc space-y-0.5 pl-5">
        {review.reasons.map((reason, index) => (
          <li key={index}>{reason.message}</li>
        ))}
      </ul>
    </div>
  );
}

/** The whole value, then the passage of the source around it, its page and match, or why it is flagged. */
export function EvidenceDetails({
  column,
  rowNumber,
  value,
  provenance,
  review,
  extracted,
  sourceText,
}: EvidenceDetailsProps) {
  const isLong = value.length > LONG_CELL_CHARACTERS;
  return (
    <>
      <p className="text-xs text-muted-foreground">
        {rowNumber > 0 ? `${column}, row ${rowNumber}` : `${column} (document field)`}
        {isLong ? '' : ': '}
        {isLong ? null : <span className="break-words text-foreground">{value}</span>}
      </p>
      {isLong && (
        <p
          tabIndex={0}
          className="max-h-48 overflow-y-auto rounded-md border px-3 py-2 break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-ring"
        >
          {value}
        </p>
      )}
      <ReviewStatus review={review} extracted={extracted} />
      <Source provenance={provenance} sourceText={sourceText} />
    </>
  );
}
