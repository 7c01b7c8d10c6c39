import { X } from 'lucide-react';
import { PLAN } from '../../../../shared/site';
import { Button } from '../../../components/ui/button';
import { formatFileSize, isPdfFile } from '../../../lib/accepted-files';
import { FileThumbnail } from './file-thumbnail';

/** The chosen file (a thumbnail for an image), its size, the PDF page note, and Clear File. */
export function SelectedFileBanner({
  file,
  disabled,
  onClear,
}: {
  file: File;
  disabled: boolean;
  onClear: () => void;
}) {
  return (
    <div
      role="group"
      aria-label="Selected file"
      className="flex flex-col gap-3 rounded-md border bg-muted/50 p-3 text-sm sm:flex-row sm:items-center"
    >
      <FileThumbnail file={file} />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-all">{file.name}</p>
        <p className="text-muted-foreground">{formatFileSize(file.size)}</p>
        {isPdfFile(file) ? (
          <p className="mt-1 text-muted-foreground">
            Only the first {PLAN.pdfMaxPages} pages of a PDF are processed.
          </p>
        ) : null}
      </div>
      <Button type="button" variant="outline" size="sm" disabled={disabled} onClick={onClear}>
        <X aria-hidden="true" />
        Clear File
      </Button>
    </div>
  );
}
