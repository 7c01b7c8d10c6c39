import { FileText, Info, TriangleAlert } from 'lucide-react';
import {
  NOTICE_ERROR,
  NOTICE_PARTIAL,
  type ExtractionResponse,
} from '../../../../shared/extraction';
import { Alert } from '../../../components/ui/alert';

type ResultNoticesProps = {
  result: Pick<ExtractionResponse, 'status' | 'notice' | 'message' | 'warnings' | 'source'>;
};

/** 'Processed 3 of 12 pages' for a PDF, or null when the page count is unknown. */
export function pagesNote(source: ExtractionResponse['source']): string | null {
  if (source.fileType !== 'pdf' || source.pagesProcessed === null) return null;
  const { pagesProcessed, totalPages } = source;
  if (totalPages === null)
    return `Processed ${pagesProcessed} ${pagesProcessed === 1 ? 'page' : 'pages'}`;
  return `Processed ${pagesProcessed} of ${totalPages} ${totalPages === 1 ? 'page' : 'pages'}`;
}

/** What the reader should know before trusting the table: the amber notice, messages, notes. */
export function ResultNotices({ result }: ResultNoticesProps) {
  const notice =
    result.status === 200
      ? null
      : (result.notice ?? (result.status === 207 ? NOTICE_PARTIAL : NOTICE_ERROR));
  const pages = pagesNote(result.source);
  const notes = [...(result.message ? [result.message] : []), ...result.warnings];
  if (!notice && !pages && notes.length === 0) return null;
  return (
    <div className="space-y-2">
      {notice && (
        <Alert variant="warning" role="status">
          <TriangleAlert aria-hidden="true" />
          <p>{notice}</p>
        </Alert>
      )}
      {notes.length > 0 && (
        <ul className="space-y-1 text-sm">
          {notes.map((note, index) => (
            <li key={index} className="flex items-start gap-2">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
              <span>{note}</span>
            </li>
          ))}
        </ul>
      )}
      {pages && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {pages}
        </p>
      )}
    </div>
  );
}
