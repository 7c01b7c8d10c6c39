import { Copy, Download } from 'lucide-react';
import { useState } from 'react';
import { EXPORT_FORMATS, type ExportTable } from '../../../../shared/table-export';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ChoiceGroup } from './choice-group';
import { useTableExport } from '../hooks/use-table-export';

type ResultToolbarProps = {
  /** The rows as the table shows them (its sort and filters), and every row in the sort's order. */
  tables: { shown: ExportTable; all: ExportTable };
  /** What the files are named after (export-file-name.ts). */
  name: string;
};

type Scope = 'shown' | 'all';

/**
 * Copy and the downloads (issue 20 point 8): the rows as the table shows them, sorted and
 * filtered; when a filter hides rows, a choice of all rows instead.
 */
export function ResultToolbar({ tables, name }: ResultToolbarProps) {
  const [scope, setScope] = useState<Scope>('shown');
  const count = (scope: Scope) => tables[scope].rows.length.toLocaleString('en-US');
  const isFiltered = tables.shown.rows.length !== tables.all.rows.length;
  const chosen = isFiltered ? tables[scope] : tables.shown;
  const { copy, download, pending } = useTableExport(chosen, name);
  const isEmpty = chosen.rows.length === 0;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <div role="group" aria-label="Copy or download" className="flex flex-wrap gap-2">
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
      {isFiltered ? (
        <ChoiceGroup
          label="Copy and download"
          value={scope}
          onChange={setScope}
          options={[
            { value: 'shown', label: `Rows shown (${count('shown')})` },
            { value: 'all', label: `All rows (${count('all')})` },
          ]}
        />
      ) : null}
    </div>
  );
}
