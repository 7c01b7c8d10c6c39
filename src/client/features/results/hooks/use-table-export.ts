import { useState } from 'react';
import { exportFileName } from '../../../../shared/export-file-name';
import {
  EXPORT_MIME_TYPES,
  toCsv,
  toJson,
  toTsv,
  toXlsx,
  type ExportFormat,
  type ExportTable,
} from '../../../../shared/table-export';
import { TOAST_FLOWS, toast } from '../../../lib/toast';
import { copyText, saveFile } from '../utils/browser-files';

function rowsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
}

async function content(table: ExportTable, format: ExportFormat) {
  if (format === 'csv') return toCsv(table);
  if (format === 'json') return toJson(table);
  return toXlsx(table);
}

/**
 * Copy the rows given as TSV, and download them as CSV (with a byte order mark, for Excel), JSON
 * or XLSX, in the order given; files are named `<name>_<yyyy-mm-dd>_<hhmm>.<format>` in local time.
 */
export function useTableExport(table: ExportTable, name: string) {
  const [pending, setPending] = useState<ExportFormat | null>(null);

  const copy = async () => {
    try {
      await copyText(toTsv(table));
      toast.success(`Copied ${rowsLabel(table.rows.length)}`, {
        id: TOAST_FLOWS.tableExport,
        description: 'Paste them into a spreadsheet or a document.',
      });
    } catch {
      toast.error('Error', {
        id: TOAST_FLOWS.tableExport,
        description: 'Could not copy to the clipboard. Download the CSV file instead.',
      });
    }
  };

  const download = async (format: ExportFormat) => {
    if (pending) return;
    setPending(format);
    try {
      saveFile(
        exportFileName(name, format),
        await content(table, format),
        EXPORT_MIME_TYPES[format],
      );
      toast.dismiss(TOAST_FLOWS.tableExport);
    } catch {
      toast.error('Error', {
        id: TOAST_FLOWS.tableExport,
        description: `Could not create the ${format.toUpperCase()} file. Please try again.`,
      });
    } finally {
      setPending(null);
    }
  };

  return { copy, download, pending };
}
