import { useState } from 'react';
import type { DocumentMetadata } from '../../../../../shared/document';
import {
  EXPORT_MIME_TYPES,
  toCsv,
  toJson,
  toTsv,
  toXlsx,
  type ExportFormat,
  type ExportTable,
} from '../../../../../shared/table-export';
import { TOAST_FLOWS, toast } from '../../../../lib/toast';
import { exportFileName } from '../../utils/export-file-name';
import { copyText, saveFile } from './browser-files';

type Source = Pick<DocumentMetadata, 'fileName' | 'url'>;

function rowsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
}

async function content(table: ExportTable, format: ExportFormat) {
  if (format === 'csv') return toCsv(table);
  if (format === 'json') return toJson(table);
  return toXlsx(table);
}

/** Copy the rows given as TSV, and download them as CSV, JSON or XLSX, in the order given. */
export function useTableExport(table: ExportTable, source: Source) {
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
        exportFileName(source, format),
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
