import { FileUp } from 'lucide-react';
import { useRef, useState, type DragEvent } from 'react';
import { SUPPORTED_FILES_SENTENCE } from '../../../../shared/supported-files';
import { PLAN } from '../../../../shared/site';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/utils';
import { ACCEPT_ATTRIBUTE } from '../../../lib/accepted-files';

type FileDropZoneProps = {
  /** The id of the Choose File button, which validation focuses. */
  buttonId: string;
  describedBy: string | undefined;
  isInvalid: boolean;
  disabled: boolean;
  /** Every file chosen, dropped at once. */
  onFiles: (files: File[]) => void;
};

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/** Drop files here, or choose them: a real file input (several at once) behind a labelled button. */
export function FileDropZone({
  buttonId,
  describedBy,
  isInvalid,
  disabled,
  onFiles,
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
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0 && !disabled) onFiles(files);
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
      // A tap or click anywhere on the zone chooses files (the button is the way in by keyboard;
      // its own click, and the input's, are left to them).
      onClick={(event) => {
        if (disabled || (event.target as Element).closest('button,input')) return;
        inputRef.current?.click();
      }}
      className={cn(
        'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
        !disabled && 'cursor-pointer',
        isDragging ? 'border-primary bg-primary/5' : 'border-input',
        isInvalid && 'border-destructive',
      )}
    >
      <FileUp className="size-8 text-muted-foreground" aria-hidden="true" />
      {/* A touch screen cannot drag files in or paste with keys: it is told to tap instead. */}
      <p className="text-sm font-medium pointer-coarse:hidden">
        Drag and drop files here, or paste them with Ctrl+V (⌘V on a Mac)
      </p>
      <p className="hidden text-sm font-medium pointer-coarse:block">Tap to choose a file</p>
      <Button
        type="button"
        variant="outline"
        id={buttonId}
        disabled={disabled}
        aria-describedby={[helpId, describedBy].filter(Boolean).join(' ')}
        onClick={() => inputRef.current?.click()}
      >
        Choose Files
      </Button>
      <p id={helpId} className="max-w-prose text-xs text-muted-foreground">
        {SUPPORTED_FILES_SENTENCE} PDFs up to {PLAN.pdfMaxMegabytes} MB. Several files make one
        table, with a column naming each row's file.
      </p>
      <input
        ref={inputRef}
        type="file"
        className="hidden"
        tabIndex={-1}
        aria-label="Files to convert"
        multiple
        accept={ACCEPT_ATTRIBUTE}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Choosing the same file again after clearing it must still fire a change.
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </div>
  );
}
