import { Copy, Download } from 'lucide-react';
import type { DocumentMetadata } from '../../../../../shared/document';
import { EXPORT_FORMATS, type ExportTable } from '../../../../../shared/table-export';
import { Button } from '../../../../components/ui/button';
import { Spinner } from '../../../../components/ui/spinner';
import { useTableExport } from './use-table-export';

type ResultToolbarProps = {
  table: ExportTable;
  source: Pick<DocumentMetadata, 'fileName' | 'url'>;
};

/** Copy and the downloads: always every row, in the result's own order. */
export function ResultToolbar({ table, source }: ResultToolbarProps) {
  const { copy, download, pending } = useTableExport(table, source);
  const isEmpty = table.rows.length === 0;
  return (
    <div role="group" aria-label="Copy or download all rows" className="flex flex-wrap gap-2">
      <Button variant="outline" size="sm" disabled={isEmpty} onClick={() => void copy()}>
        <Copy aria-hidden="true" />
        Copy
      </Button>
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          variant="outline"
          size="sm"
          disabled={isEmpty}
          aria-busy={pending === format}
          onClick={() => void download(format)}
        >
          {pending === format ? <Spinner className="size-4" /> : <Download aria-hidden="true" />}
          <span className="sr-only">Download </span>
          {format.toUpperCase()}
        </Button>
      ))}
    </div>
  );
}
