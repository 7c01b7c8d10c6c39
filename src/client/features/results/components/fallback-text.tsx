import { FileText } from 'lucide-react';
import type { ExtractionResponse } from '../../../../shared/extraction';

/** The text SPEC's fallback holds: each fallback row's first cell, one paragraph apiece. */
export function fallbackParagraphs(result: Pick<ExtractionResponse, 'rows' | 'columns'>): string[] {
  const first = result.columns[0]?.name;
  if (!first) return [];
  return result.rows
    .map((row) => row[first])
    .filter((value): value is string => typeof value === 'string' && value.trim() !== '');
}

/**
 * A result with no rows: what SPEC's fallback gives back (the first 500 characters of the
 * content, or up to 10 of its paragraphs), shown as the text it is, beside the notice, and never
 * as a table of data.
 */
export function FallbackText({ result }: { result: Pick<ExtractionResponse, 'rows' | 'columns'> }) {
  const paragraphs = fallbackParagraphs(result);
  return (
    <figure className="grid gap-2 rounded-lg border border-dashed bg-muted/40 p-4">
      <figcaption className="flex items-start gap-2 text-sm font-medium">
        <FileText aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        No rows were found. The start of the text as it was read, not data:
      </figcaption>
      {paragraphs.length > 0 ? (
        <blockquote
          aria-label="The start of the text"
          className="grid gap-2 border-l-2 pl-3 font-mono text-sm break-words whitespace-pre-wrap text-muted-foreground"
        >
          {paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </blockquote>
      ) : (
        <p className="text-sm text-muted-foreground">The content had no text to show.</p>
      )}
    </figure>
  );
}
