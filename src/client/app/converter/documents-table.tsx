import { Flag } from 'lucide-react';
import { useMemo } from 'react';
import type { ColumnDefinition } from '../../../shared/columns';
import { Button } from '../../components/ui/button';
import type { DocumentLine } from '../../features/runs/utils/batch-view';
import { fieldSourceText } from '../../features/results/utils/cell-evidence';
import { displayText, numberFormats } from '../../features/results/utils/number-format';
import type { DocumentReview } from '../../features/results/utils/table-review';
import { reasonsText } from '../../features/results/components/result-cell';

type DocumentsTableProps = {
  fields: readonly ColumnDefinition[];
  lines: readonly DocumentLine[];
  /** Each document's review (its fields' flags), by document id. */
  documents: readonly DocumentReview[];
  /** Shows a document's line items. */
  onOpenItems: (documentId: string) => void;
};

const itemsWord = (count: number) => `${count} line ${count === 1 ? 'item' : 'items'}`;

/**
 * A batch of records, one row per document (issue 31): its name, its fields (flagged ones marked
 * as in the grid) and how many line items it has, each count opening that document's items.
 */
export function DocumentsTable({ fields, lines, documents, onOpenItems }: DocumentsTableProps) {
  const detailOf = useMemo(() => {
    const byId = new Map(documents.map((document) => [document.documentId, document.detail]));
    return (id: string) => byId.get(id) ?? null;
  }, [documents]);
  // Numbers as the single result shows them: with the decimals the sources wrote.
  const formats = useMemo(
    () =>
      numberFormats(
        fields,
        lines.map((line) => line.fields),
        (index, name) => fieldSourceText(detailOf(lines[index]?.id ?? ''), name),
      ),
    [fields, lines, detailOf],
  );
  const reviewOf = (id: string, name: string) => detailOf(id)?.fieldCells?.[name];
  return (
    <div className="max-h-[70vh] max-w-full overflow-auto rounded-md border">
      <table className="w-full border-separate border-spacing-0 text-sm">
        <caption className="sr-only">Documents</caption>
        <thead className="sticky top-0 bg-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Document
            </th>
            {fields.map((field) => (
              <th key={field.name} scope="col" className="px-3 py-2 text-left font-medium">
                {field.name}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-left font-medium">
              Line items
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id} className="[&>*]:border-t">
              <th scope="row" className="px-3 py-2 text-left align-top font-medium break-all">
                {line.name}
              </th>
              {fields.map((field) => {
                const review = reviewOf(line.id, field.name);
                const isFlagged = review?.flagged === true;
                return (
                  <td
                    key={field.name}
                    title={isFlagged ? reasonsText(review) : undefined}
                    className={
                      isFlagged
                        ? 'bg-amber-50 px-3 py-2 align-top break-words dark:bg-amber-950/40'
                        : 'px-3 py-2 align-top break-words'
                    }
                  >
                    {displayText(line.fields[field.name], formats[field.name])}
                    {isFlagged ? (
                      <>
                        <Flag
                          aria-hidden="true"
                          className="ml-1 inline size-3.5 align-[-2px] text-amber-700 dark:text-amber-400"
                        />
                        <span className="sr-only">
                          {' '}
                          (flagged for review: {reasonsText(review)})
                        </span>
                      </>
                    ) : null}
                  </td>
                );
              })}
              <td className="px-3 py-1 align-top">
                {line.items > 0 ? (
                  <Button
                    variant="link"
                    size="sm"
                    className="h-auto px-0"
                    aria-label={`${itemsWord(line.items)} of ${line.name}`}
                    onClick={() => onOpenItems(line.id)}
                  >
                    {itemsWord(line.items)}
                  </Button>
                ) : (
                  <span className="text-muted-foreground">None</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
