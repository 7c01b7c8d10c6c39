import { FileUp } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { SUPPORTED_FILES_SENTENCE } from '../../../../shared/supported-files';
import { PLAN } from '../../../../shared/site';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { ACCEPT_ATTRIBUTE } from '../utils/accepted-files';

type FileDropZoneProps = {
  /** The id of the Choose File button, which validation focuses. */
  buttonId: string;
  describedBy: string | undefined;
  isInvalid: boolean;
  disabled: boolean;
  onFile: (file: File) => void;
};

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** Drop a file here, or choose one: a real file input behind a labelled button. */
export function FileDropZone({
  buttonId,
  describedBy,
  isInvalid,
  disabled,
  onFile,
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const helpId = `${buttonId}-help`;

  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    setIsDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <div
      data-testid="file-drop-zone"
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        // Moving onto a child (the button, the text) is not leaving the zone.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setIsDragging(false);
      }}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
        isDragging ? 'border-primary bg-primary/5' : 'border-input',
        isInvalid && 'border-destructive',
      )}
    >
      <FileUp className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="text-sm font-medium">Drag and drop a file here, or paste one with Ctrl+V</p>
      <Button
        type="button"
        variant="outline"
        id={buttonId}
        disabled={disabled}
        aria-describedby={[helpId, describedBy].filter(Boolean).join(' ')}
        onClick={() => inputRef.current?.click()}
      >
        Choose File
      </Button>
      <p id={helpId} className="max-w-prose text-xs text-muted-foreground">
        {SUPPORTED_FILES_SENTENCE} PDFs up to {PLAN.pdfMaxMegabytes} MB.
      </p>
      <input
        ref={inputRef}
        type="file"
        className="hidden"
        tabIndex={-1}
        aria-label="File to convert"
        accept={ACCEPT_ATTRIBUTE}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Choosing the same file again after clearing it must still fire a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </div>
  );
}
